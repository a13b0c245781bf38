import { describe, expect, it } from 'vitest';
import { jsonInHtml } from '../../../templates/json-in-html';

describe('jsonInHtml', () => {
  const hostile = { title: '</script><script>alert(1)</script>', note: '<!-- x --> & &amp;', lines: 'a\u2028b\u2029c' };

  it('leaves no way to end a <script> element, open a comment or write an entity, and no raw line separators', () => {
    const json = jsonInHtml(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).not.toMatch(/<\/script|<!--/i);
  });

  it('is valid JSON that restores the exact text', () => {
    expect(JSON.parse(jsonInHtml(hostile))).toEqual(hostile);
  });
});
