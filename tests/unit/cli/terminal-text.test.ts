// Text from the CMS reaches the terminal as plain characters (docs/hardening.md): no screen
// clearing, window titles, hyperlinks or reordered lines, whatever an error message carries.
import { describe, expect, it } from 'vitest';
import { reportError } from '../../../cli/errors';
import { printable, printableReporter } from '../../../cli/terminal-text';
import { UserError } from '../../../site/errors';
import type { Reporter } from '../../../site/reporter';

const ESC = '\u001b';
const PAYLOADS = {
  clearScreen: `${ESC}[2J${ESC}[H`,
  windowTitle: `${ESC}]0;hacked${'\u0007'}`,
  hyperlink: `${ESC}]8;;https://evil.example/${ESC}\\click here${ESC}]8;;${ESC}\\`,
  c1Csi: '\u009b2J',
  bell: '\u0007',
  carriageReturn: 'ok\rFAKE',
  bidiOverride: 'abc\u202Egnp.exe',
};

describe('printable', () => {
  it('removes escape sequences, control characters and bidi overrides, keeping the text', () => {
    expect(printable(`before ${PAYLOADS.clearScreen}after`)).toBe('before after');
    expect(printable(`${PAYLOADS.windowTitle}text`)).toBe('text');
    expect(printable(PAYLOADS.hyperlink)).toBe('click here');
    expect(printable(`x${PAYLOADS.c1Csi}y`)).toBe('xy');
    expect(printable(`a${PAYLOADS.bell}b`)).toBe('ab');
    expect(printable(PAYLOADS.carriageReturn)).toBe('okFAKE');
    expect(printable(PAYLOADS.bidiOverride)).toBe('abcgnp.exe');
  });

  it('keeps newlines, tabs and every printable character', () => {
    const text = 'Zimmer „Turm“ — 5 €\n\tgrüße 🏰 日本';
    expect(printable(text)).toBe(text);
  });

  it('leaves no ESC, BEL or C1 character in any payload', () => {
    for (const payload of Object.values(PAYLOADS)) expect(printable(payload)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });
});

describe('what the CLI prints', () => {
  it('prints a CMS error message without its escape sequences', () => {
    let out = '';
    const error = new UserError(`The CMS request failed: GraphQL error: ${PAYLOADS.clearScreen}${PAYLOADS.windowTitle}${PAYLOADS.hyperlink}`, {
      hint: `Check ${PAYLOADS.c1Csi}the endpoint`,
      cause: new Error(`${ESC}[31mred`),
    });
    reportError(error, { verbose: true }, (text) => {
      out += text;
      return true;
    });
    expect(out).toContain('GraphQL error: click here');
    expect(out).toContain('Check the endpoint');
    expect(out).toContain('caused by: red');
    expect(out).not.toMatch(/[\u001b\u0007\u009b]/);
  });

  it('prints warnings and info lines of a build as plain text', () => {
    const lines: string[] = [];
    const recording: Reporter = { stage() {}, progress() {}, stageDone() {}, warn: (m) => lines.push(m), info: (m) => lines.push(m) };
    const reporter = printableReporter(recording);
    reporter.warn(`page nid 7 not published: "/de/${PAYLOADS.windowTitle}x" is refused`);
    reporter.info(`${PAYLOADS.clearScreen}fetched`);
    expect(lines).toEqual(['page nid 7 not published: "/de/x" is refused', 'fetched']);
  });

  it('cuts a 200 KB URL in a warning to its start and end, keeping the rest of the line', () => {
    const lines: string[] = [];
    const recording: Reporter = { stage() {}, progress() {}, stageDone() {}, warn: (m) => lines.push(m), info: (m) => lines.push(m) };
    const url = `https://cms.example.com/sites/default/files/${'a'.repeat(200 * 1024)}/castle.jpg`;
    printableReporter(recording).warn(`picture left out: ${url} answered HTTP 404 (nid 7)`);
    expect(lines[0]!.length).toBeLessThan(400);
    expect(lines[0]).toMatch(/^picture left out: https:\/\/cms\.example\.com\/sites\/default\/files\/a+…\[[\d,]+ characters cut\]…a+\/castle\.jpg answered HTTP 404 \(nid 7\)$/);
    expect(printable(`short ${'x'.repeat(300)} words`)).toBe(`short ${'x'.repeat(300)} words`);
  });
});
