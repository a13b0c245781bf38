// UI strings: locales/<locale>.json, nested objects addressed by dotted keys ("footer.newsletter").
// Templates call t() with literal keys so tests/unit/templates/locale-keys.test.ts can check that
// every key used exists in both files.
import type { Messages } from '../site/render/page-model';

export type TranslateVars = Record<string, string | number>;

export function translate(messages: Messages, key: string, vars?: TranslateVars): string {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`Missing UI string "${key}" in the locale file`);
  return vars ? node.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : node;
}
