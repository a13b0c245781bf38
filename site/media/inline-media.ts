// Media tokens inside sanitized CMS HTML (docs/media.md): `img src`/`srcset`, `source srcset` and
// `a href` to CMS files were replaced by tokens when the HTML was cleaned (site/content/
// sanitize-html.ts); here they become local hrefs. An image that could not be had is removed, a
// candidate of a srcset dropped, a link to a missing file unwrapped to its text. Images get width
// and height from the file where the CMS wrote none. The input is what the allow-list walk wrote
// (site/content/allow-list.ts): every attribute double-quoted, `<` `>` `"` escaped inside values,
// no nested links — which is what makes matching tags here sound.
import { escapeAttribute } from './escape';
import { hasMediaToken, replaceTokens, type LocalFile } from './media-tokens';

const ATTRIBUTE = /\s([^\s="'>/]+)(?:="([^"]*)")?/g;

type Attributes = [name: string, value: string | null][];

function parseAttributes(text: string): Attributes {
  return [...text.matchAll(ATTRIBUTE)].map((match) => [match[1]!.toLowerCase(), match[2] ?? null]);
}

function writeTag(name: string, attributes: Attributes): string {
  return `<${name}${attributes.map(([key, value]) => (value === null ? ` ${key}` : ` ${key}="${value}"`)).join('')}>`;
}

/** `html` with its tokens made local (see the header). */
export function rewriteInlineMedia(html: string, files: ReadonlyMap<string, LocalFile>): string {
  let missing = false;
  const local = (url: string) => {
    const file = files.get(url);
    if (!file) missing = true;
    return file ? escapeAttribute(file.href) : '';
  };
  const out = html
    .replace(/<a\b([^>]*)>([\s\S]*?)<\/a>/g, (whole, attributeText: string, inner: string) => {
      if (!hasMediaToken(attributeText)) return whole;
      missing = false;
      const attributes = parseAttributes(attributeText).map(([key, value]): [string, string | null] => [key, value && replaceTokens(value, local)]);
      return missing ? inner : `${writeTag('a', attributes)}${inner}</a>`;
    })
    .replace(/<(img|source)\b([^>]*?)\/?>/g, (whole, name: string, attributeText: string) => {
      if (!hasMediaToken(attributeText)) return whole;
      const attributes = parseAttributes(attributeText);
      const kept: Attributes = [];
      let image: LocalFile | null = null;
      for (const [key, value] of attributes) {
        if (value === null || !hasMediaToken(value)) {
          kept.push([key, value]);
        } else if (key === 'srcset') {
          const candidates = srcsetCandidates(value, files);
          if (candidates) kept.push([key, candidates]);
        } else if (key === 'src') {
          missing = false;
          const href = replaceTokens(value, local);
          if (missing) return '';
          image = filesByHref(files, value);
          kept.push([key, href]);
        } else {
          missing = false;
          const rewritten = replaceTokens(value, local);
          if (!missing) kept.push([key, rewritten]);
        }
      }
      if (name === 'source') return kept.some(([key]) => key === 'srcset') ? writeTag(name, kept) : '';
      if (!kept.some(([key]) => key === 'src')) return '';
      const width = kept.find(([key]) => key === 'width')?.[1];
      const height = kept.find(([key]) => key === 'height')?.[1];
      if (!(Number(width) > 0 && Number(height) > 0)) {
        if (!image?.width || !image.height) return '';
        const sized = kept.filter(([key]) => key !== 'width' && key !== 'height');
        sized.push(['width', String(image.width)], ['height', String(image.height)]);
        return writeTag(name, sized);
      }
      return writeTag(name, kept);
    });
  // Anything else that still names a token (not written by the cleaner) goes.
  return hasMediaToken(out) ? replaceTokens(out, (url) => local(url)) : out;
}

/** The local file a single-token value names. */
function filesByHref(files: ReadonlyMap<string, LocalFile>, value: string): LocalFile | null {
  let found: LocalFile | null = null;
  replaceTokens(value, (url) => {
    found = files.get(url) ?? null;
    return '';
  });
  return found;
}

/**
 * A srcset with its tokens made local and the candidates that could not be had dropped; null when
 * none is left. The cleaner made every candidate's URL a token, and tokens hold no comma.
 */
function srcsetCandidates(value: string, files: ReadonlyMap<string, LocalFile>): string | null {
  const kept: string[] = [];
  for (const candidate of value.split(',')) {
    const trimmed = candidate.trim();
    if (!trimmed) continue;
    let ok = true;
    const rewritten = replaceTokens(trimmed, (url) => {
      const file = files.get(url);
      if (!file) ok = false;
      return file ? escapeAttribute(file.href) : '';
    });
    if (ok) kept.push(rewritten);
  }
  return kept.length ? kept.join(', ') : null;
}
