import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMParser } from '@xmldom/xmldom';
import { sanitizeSvg } from '../../../site/media/svg-sanitize';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const clean = (svg: string | Uint8Array) => {
  const result = sanitizeSvg(typeof svg === 'string' ? Buffer.from(svg) : svg);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.svg.toString('utf8');
};
const refused = (svg: string | Uint8Array) => {
  const result = sanitizeSvg(typeof svg === 'string' ? Buffer.from(svg) : svg);
  return result.ok ? null : result.reason;
};
/** What survives must not be able to run or load anything, whatever the browser makes of it. */
const DANGER = /script|alert|foreignObject|javascript|onload|onclick|onerror|@import|\\69|<style|<animate|<set|evil\.example|xhtml/i;

describe('sanitizeSvg: the payloads that ran on the site before', () => {
  it('drops a script in another prefix bound to the SVG namespace', () => {
    const out = clean(`<svg ${NS} xmlns:s="http://www.w3.org/2000/svg" width="4" height="4"><s:script>alert(1)</s:script><rect width="4" height="4"/></svg>`);
    expect(out).not.toMatch(DANGER);
    expect(out).toContain('<rect width="4" height="4"/>');
  });

  it('drops an XHTML script inside a prefixed foreignObject', () => {
    const out = clean(`<svg:svg xmlns:svg="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml" width="4" height="4"><svg:foreignObject width="4" height="4"><h:script>alert(1)</h:script></svg:foreignObject><svg:circle r="2"/></svg:svg>`);
    expect(out).not.toMatch(DANGER);
    expect(out).toBe(`<svg ${NS} width="4" height="4"><circle r="2"/></svg>`);
  });

  it('decodes UTF-16 by its byte-order mark before looking, and drops its script', () => {
    const text = `<svg ${NS} width="4" height="4"><script>alert(1)</script><rect width="1" height="1"/></svg>`;
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    for (const bytes of [le, be]) {
      const out = clean(bytes);
      expect(out).not.toMatch(DANGER);
      expect(out).toContain('<rect');
    }
  });

  it('drops style elements, escaped @import included', () => {
    const out = clean(`<svg ${NS}><style>@\\69mport url(https://evil.example/x.css); rect{fill:red}</style><rect width="1" height="1"/></svg>`);
    expect(out).not.toMatch(DANGER);
  });
});

describe('sanitizeSvg: more ways in', () => {
  const payloads: Record<string, string> = {
    'event handler attribute': `<svg ${NS} onload="alert(1)"><rect onclick="alert(1)" width="1" height="1"/></svg>`,
    'javascript link': `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><rect width="1" height="1"/></a></svg>`,
    'plain href link': `<svg ${NS}><a href="javascript:alert(1)"><text>hi</text></a></svg>`,
    'animate that sets an href': `<svg ${NS}><a><animate attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>`,
    'set element': `<svg ${NS}><set attributeName="onload" to="alert(1)"/></svg>`,
    'external use': `<svg ${NS}><use href="https://evil.example/sprite.svg#x"/></svg>`,
    'external image': `<svg ${NS}><image href="https://evil.example/track.png" width="1" height="1"/></svg>`,
    'svg image inside': `<svg ${NS}><image href="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+"/></svg>`,
    'url() to another file in a presentation attribute': `<svg ${NS}><rect fill="url(https://evil.example/p.svg#g)" width="1" height="1"/></svg>`,
    'style attribute that loads': `<svg ${NS}><rect style="fill:url(https://evil.example/a#b);background:url(//evil.example/x)" width="1" height="1"/></svg>`,
    'style attribute with an escape': `<svg ${NS}><rect style="fill:u\\72l(https://evil.example/a)" width="1" height="1"/></svg>`,
    'xhtml iframe in default namespace switch': `<svg ${NS}><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject></svg>`,
    'script with a CDATA body': `<svg ${NS}><script><![CDATA[alert(1)]]></script></svg>`,
    'attribute in another namespace': `<svg ${NS} xmlns:ev="http://www.w3.org/2001/xml-events"><rect ev:event="click" ev:handler="javascript:alert(1)" width="1" height="1"/></svg>`,
    'expression in a value': `<svg ${NS}><rect fill="expression(alert(1))" width="1" height="1"/></svg>`,
    'processing instruction stylesheet': `<?xml-stylesheet href="https://evil.example/x.css"?><svg ${NS}><rect width="1" height="1"/></svg>`,
  };
  for (const [name, payload] of Object.entries(payloads)) {
    it(`neutralizes: ${name}`, () => {
      const result = sanitizeSvg(Buffer.from(payload));
      if (result.ok) expect(result.svg.toString()).not.toMatch(DANGER);
    });
  }

  it('keeps the text of a link it removes, and local references', () => {
    const out = clean(`<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><path id="p" d="M0 0h4"/></defs><a href="https://example.com"><text>Map</text></a><use xlink:href="#p"/><rect fill="url(#g)" style="fill:url(#g);stroke:red" width="1" height="1"/></svg>`);
    expect(out).toContain('<text>Map</text>');
    expect(out).not.toContain('example.com');
    expect(out).toContain('<use href="#p"/>');
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain('style="fill:url(#g);stroke:red"');
  });

  it('keeps raster images embedded as data URLs', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(clean(`<svg ${NS}><image href="${png}" width="1" height="1"/></svg>`)).toContain(`href="${png}"`);
  });
});

describe('sanitizeSvg: what cannot be made safe is refused', () => {
  it('refuses a DOCTYPE (entity expansion)', () => {
    expect(refused(`<!DOCTYPE svg [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg ${NS}><text>&b;</text></svg>`)).toMatch(/DOCTYPE/);
  });
  it('refuses what is not well-formed, not SVG or not decodable', () => {
    expect(refused(`<svg ${NS}><rect></svg>`)).toMatch(/well-formed/);
    expect(refused('<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>')).toMatch(/not an SVG/);
    expect(refused(Buffer.concat([Buffer.from(`<svg ${NS}><text>`), Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from('</text></svg>')]))).toMatch(/encoding/);
  });
  it('follows the encoding of the XML declaration', () => {
    const latin1 = Buffer.from(`<?xml version="1.0" encoding="ISO-8859-1"?><svg ${NS}><title>Schloss Stüblitz</title></svg>`, 'latin1');
    expect(clean(latin1)).toContain('<title>Schloss Stüblitz</title>');
  });
  it('refuses absurd nesting instead of recursing without end', () => {
    const deep = `<svg ${NS}>${'<g>'.repeat(5000)}${'</g>'.repeat(5000)}</svg>`;
    expect(refused(deep)).toMatch(/nested/);
  });
});

describe('sanitizeSvg: the fixture artwork', () => {
  const dir = join(__dirname, '../../../site/cms/media');
  const names = readdirSync(dir).filter((name) => name.endsWith('.svg'));
  it('keeps every element and attribute of the embedded backend\'s SVGs', () => {
    const count = (xml: string) => {
      const doc = new DOMParser().parseFromString(xml, 'image/svg+xml');
      const all = doc.getElementsByTagName('*');
      let attributes = 0;
      for (let i = 0; i < all.length; i++) attributes += all[i]!.attributes.length;
      return [all.length, attributes];
    };
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      const original = readFileSync(join(dir, name), 'utf8');
      expect(count(clean(original)), name).toEqual(count(original));
    }
  });
});
