// CMS fragments are minified for whitespace only: inline CSS and JavaScript stay as the CMS wrote
// them, which is also what lets the CLI's bundle leave the CSS and JS minifiers out (cli/bundle.mjs).
import { describe, expect, it } from 'vitest';
import { minifyFragment } from '../../../site/render/minify';

describe('minifyFragment', () => {
  it('collapses whitespace to one space, keeping word breaks, and drops comments', async () => {
    expect(await minifyFragment('<p>\n  Zimmer   mit\n  <strong>Blick</strong>\n</p>\n<!-- note -->\n')).toBe('<p> Zimmer mit <strong>Blick</strong> </p> ');
  });

  it('leaves inline CSS and JavaScript as they are', async () => {
    const style = '<style>\n  .room  { color : red ; }\n</style>';
    const script = '<script>\n  var  answer = 1 + 1 ;\n</script>';
    const html = await minifyFragment(`${style}\n${script}`);
    expect(html).toContain('.room  { color : red ; }');
    expect(html).toContain('var  answer = 1 + 1 ;');
  });
});
