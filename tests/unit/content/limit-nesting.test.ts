// CMS HTML nested deeper than any editor writes is flattened before anything walks it
// (docs/hardening.md): text and images stay, in order; the work stays linear in the input.
import { parseFragment, serialize } from 'parse5';
import { describe, expect, it } from 'vitest';
import { cleanHtml, MAX_HTML_LENGTH } from '../../../site/content/sanitize-html';
import { limitNesting } from '../../../site/content/limit-nesting';
import { expectNearLinear } from '../../helpers/growth';

const source = { base: 'https://cms.example.org', mediaOrigins: new Set(['https://cms.example.org']) };
const nestedTables = (n: number) => `${'<table><tr><td>'.repeat(n)}Mitte${'</td></tr></table>'.repeat(n)}`;
const nestedSpans = (n: number) => `${'<span>'.repeat(n)}x${'</span>'.repeat(n)}`;

function depthOf(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [, closing] of html.matchAll(/<(\/?)[a-z]/g)) {
    depth += closing ? -1 : 1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

describe('limitNesting', () => {
  it('leaves ordinary markup alone', () => {
    const tree = parseFragment('<ul><li><p>Ein <strong>Turm</strong></p></li></ul><table><tbody><tr><td>1</td></tr></tbody></table>');
    const before = serialize(tree);
    expect(limitNesting(tree)).toBe(false);
    expect(serialize(tree)).toBe(before);
  });

  it('keeps text, images and line breaks of what lies deeper than the cap, in order', () => {
    const tree = parseFragment('<div><div><div><p>a<em>b<img src="x.jpg"></em><br>c</p>d</div></div></div>');
    expect(limitNesting(tree, 3)).toBe(true);
    expect(serialize(tree)).toBe('<div><div><div>ab<img src="x.jpg"><br>cd</div></div></div>');
  });

  it('survives 100,000 nested spans without overflowing the stack', () => {
    const tree = parseFragment(nestedSpans(100_000));
    limitNesting(tree, 10);
    expect(depthOf(serialize(tree))).toBe(10);
  });
});

describe('cleanHtml on deep nesting', () => {
  it('cleans 5,000 nested tables in linear time and keeps their text', async () => {
    let counter = 0;
    // A new text each time: cleanHtml remembers the texts it has seen.
    const growth = await expectNearLinear(500, (n) => n, async (n) => {
      const cleaned = await cleanHtml(`${nestedTables(n)}<p>${counter++}</p>`, source);
      expect(cleaned?.html).toContain('Mitte');
      expect(depthOf(cleaned!.html)).toBeLessThanOrEqual(64);
    });
    expect(growth.large).toBeLessThan(2000);
  });

  it('cleans 20,000 nested spans without stalling', async () => {
    const started = performance.now();
    const cleaned = await cleanHtml(nestedSpans(20_000), source);
    expect(cleaned?.html).toContain('x');
    // A stall guard, not a speed target (those are in `npm run bench`): quadratic work here takes
    // minutes; linear work takes well under a second even on a loaded machine.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('cleanHtml on a huge field', () => {
  it('reads 10 MB of dense markup only up to its length limit, well-formed', async () => {
    const started = performance.now();
    const cleaned = await cleanHtml('<p>Ein   Satz mit <strong>Wort</strong> und\n mehr.</p>\n'.repeat(200_000), source);
    // A stall guard, not a speed target: sanitizing all 10 MB would take far longer.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(cleaned!.html.length).toBeLessThanOrEqual(MAX_HTML_LENGTH);
    expect(cleaned!.html.startsWith('<p>Ein Satz mit <strong>Wort</strong> und mehr.</p>')).toBe(true);
    expect(cleaned!.html.split('<p>').length).toBe(cleaned!.html.split('</p>').length);
  });
});
