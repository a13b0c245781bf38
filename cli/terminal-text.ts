// Text a remote party wrote — a CMS's error messages and pages, its titles and paths in warnings —
// reaches the terminal only as plain characters (docs/hardening.md): escape sequences (clear the
// screen, set the window title, OSC 8 hyperlinks) are removed by Node's own parser of them, then
// any control character left (C0 but tab and newline, DEL, C1) and the bidirectional overrides that
// make a line read differently from what it says. Secrets (the CMS token) are removed first, in
// every line the CLI prints (site/redact.ts). A word longer than any real URL or name (a URL of
// hundreds of kilobytes a CMS sent) is cut, so one warning stays a few lines.
import { stripVTControlCharacters } from 'node:util';
import { redact } from '../site/redact';
import type { Reporter } from '../site/reporter';

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Longer than any URL, path or name a person would read in a warning. */
export const MAX_WORD_LENGTH = 300;
const KEEP_HEAD = 200;
const KEEP_TAIL = 40;
const LONG_WORD = new RegExp(`\\S{${MAX_WORD_LENGTH + 1},}`, 'g');

export function printable(text: string): string {
  return shortenLongWords(redact(stripVTControlCharacters(text).replace(CONTROL, '')));
}

/** "https://cms…/a…[52,341 characters cut]…/end.jpg": the start and end of a word, with what was left out. */
export function shortenLongWords(text: string): string {
  return text.replace(LONG_WORD, (word) => {
    const chars = Array.from(word);
    if (chars.length <= MAX_WORD_LENGTH) return word;
    const cut = chars.length - KEEP_HEAD - KEEP_TAIL;
    return `${chars.slice(0, KEEP_HEAD).join('')}…[${cut.toLocaleString('en-US')} characters cut]…${chars.slice(-KEEP_TAIL).join('')}`;
  });
}

/** One line of a server's log on stderr. */
export function logLine(line: string): void {
  process.stderr.write(`${printable(line)}\n`);
}

/** The reporter with its messages made printable (its own progress drawing is left as it is). */
export function printableReporter(reporter: Reporter): Reporter {
  return { ...reporter, warn: (message) => reporter.warn(printable(message)), info: (message) => reporter.info(printable(message)) };
}
