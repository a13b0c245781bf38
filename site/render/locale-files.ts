// The UI strings (locales/<locale>.json), read and checked as a set: a syntax error is reported as
// file:line:column with the line itself, and every file must have exactly the keys the others
// have — a key missing in one language is found when the files load, naming the file that lacks
// it, not later when some page happens to render it.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { UserError } from '../errors';
import { projectPath } from '../project-root';
import type { Messages } from '../model/page-model';

type Strings = Map<string, Messages>;

/** 1-based line and column of a character offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

function parse(file: string, text: string): Messages {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new SyntaxError('the file must hold one JSON object');
    return value as Messages;
  } catch (error) {
    const message = (error as Error).message;
    // V8 reports "… in JSON at position N" (Node 22 adds the line); an empty file has no position.
    const offset = Number(/at position (\d+)/.exec(message)?.[1] ?? text.length);
    const { line, column } = lineAndColumn(text, offset);
    const source = text.split('\n')[line - 1] ?? '';
    const reason = message.replace(/\s*in JSON at position \d+.*$/, '').replace(/^JSON\.parse: /, '');
    throw new UserError(`${file}:${line}:${column}: ${reason}\n    ${source}\n    ${' '.repeat(Math.max(0, column - 1))}^`, {
      hint: 'Fix the JSON syntax of the locale file (a missing comma or quote, or a trailing comma).',
    });
  }
}

/** Dotted keys of the strings (leaves); a value that is neither a string nor an object is an error. */
function leaves(file: string, messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) => {
    if (typeof value === 'string') return [`${prefix}${key}`];
    if (value && typeof value === 'object' && !Array.isArray(value)) return leaves(file, value, `${prefix}${key}.`);
    throw new UserError(`${file}: "${prefix}${key}" is ${JSON.stringify(value)}; UI strings are text or groups of them.`);
  });
}

/** Each file's keys against the union: what every file lacks, named by file. */
function compareKeys(keysByFile: Map<string, Set<string>>): void {
  const all = new Set([...keysByFile.values()].flatMap((keys) => [...keys]));
  const problems = [...keysByFile].flatMap(([file, keys]) => {
    const missing = [...all].filter((key) => !keys.has(key));
    if (missing.length === 0) return [];
    const others = [...keysByFile].filter(([other, otherKeys]) => other !== file && missing.some((key) => otherKeys.has(key))).map(([other]) => other);
    return [`${file} lacks ${missing.length} key${missing.length === 1 ? '' : 's'} that ${others.join(', ')} ${others.length === 1 ? 'has' : 'have'}: ${missing.join(', ')}`];
  });
  if (problems.length) throw new UserError(`The locale files do not have the same keys:\n  ${problems.join('\n  ')}`, { hint: 'Add each missing string in that language, or remove it from the others.' });
}

/** Every locale file of the folder, parsed and checked against each other. */
export async function loadLocaleFiles(dir = projectPath('locales')): Promise<Strings> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  // Relative to the project, as editors and terminals link it; absolute for a folder elsewhere.
  const shown = (name: string) => {
    const path = relative(projectPath(), join(dir, name));
    return path.startsWith('..') ? join(dir, name) : path;
  };
  const strings: Strings = new Map();
  const keys = new Map<string, Set<string>>();
  for (const name of names) {
    const file = shown(name);
    const messages = parse(file, await readFile(join(dir, name), 'utf8'));
    strings.set(name.slice(0, -'.json'.length), messages);
    keys.set(file, new Set(leaves(file, messages)));
  }
  compareKeys(keys);
  return strings;
}
