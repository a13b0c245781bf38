// html-minifier-terser, with settings that never change what a page shows. It is spent
// where it pays: once per CMS HTML fragment (whose source formatting is all whitespace) — not on
// whole React pages, whose output is already compact (docs/benchmarks.md).
import { minify, type Options } from 'html-minifier-terser';

const OPTIONS: Options = {
  collapseWhitespace: true,
  // Keep one space where whitespace was: inline text around tags keeps its word breaks.
  conservativeCollapse: true,
  removeComments: true,
  collapseBooleanAttributes: false,
  removeAttributeQuotes: false,
  removeRedundantAttributes: false,
  removeEmptyElements: false,
  keepClosingSlash: false,
  decodeEntities: false,
  // Off: the CLI's bundle leaves terser and clean-css out (cli/bundle.mjs).
  minifyCSS: false,
  minifyJS: false,
};

export function minifyFragment(html: string): Promise<string> {
  return minify(html, OPTIONS);
}
