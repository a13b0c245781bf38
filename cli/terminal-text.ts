// Text a remote party wrote — a CMS's error messages and pages, its titles and paths in warnings —
// reaches the terminal only as plain characters (docs/hardening.md): escape sequences (clear the
// screen, set the window title, OSC 8 hyperlinks) are removed by Node's own parser of them, then
// any control character left (C0 but tab and newline, DEL, C1) and the bidirectional overrides that
// make a line read differently from what it says. Secrets (the CMS token) are removed first, in
// every line the CLI prints (site/redact.ts).
import { stripVTControlCharacters } from 'node:util';
import { redact } from '../site/redact';
import type { Reporter } from '../site/reporter';

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return redact(stripVTControlCharacters(text).replace(CONTROL, ''));
}

/** One line of a server's log on stderr. */
export function logLine(line: string): void {
  process.stderr.write(`${printable(line)}\n`);
}

/** The reporter with its messages made printable (its own progress drawing is left as it is). */
export function printableReporter(reporter: Reporter): Reporter {
  return { ...reporter, warn: (message) => reporter.warn(printable(message)), info: (message) => reporter.info(printable(message)) };
}
