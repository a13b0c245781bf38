// UI strings: locales/<locale>.json, nested objects addressed by dotted keys ("footer.newsletter").
// Templates call t() with literal keys so tests/unit/templates/locale-keys.test.ts can check that
// every key used exists in both files.
import type { Messages } from '../site/model/page-model';

export type TranslateVars = Record<string, string | number>;

/**
 * Each locale file's strings by dotted key, looked up once: a 10,000-page build asks about a
 * million times, and splitting the key and walking the objects each time cost a quarter second.
 */
const resolved = new WeakMap<Messages, Map<string, string>>();

export function translate(messages: Messages, key: string, vars?: TranslateVars): string {
  let strings = resolved.get(messages);
  if (!strings) resolved.set(messages, (strings = new Map()));
  let text = strings.get(key);
  if (text === undefined) strings.set(key, (text = lookUp(messages, key)));
  return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;
}

function lookUp(messages: Messages, key: string): string {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`Missing UI string "${key}" in the locale file`);
  return node;
}
