// Rebuilds an SVG from the CMS out of an allow-list, so that the file published under /media/ cannot
// run script on the site's origin when opened on its own (docs/media.md, "SVG"). The bytes are
// decoded by BOM and XML declaration, parsed by a real XML parser and walked by namespace, never by
// prefix: only SVG-namespace elements and attributes named below survive, written out anew with the
// default namespace. References may point inside the file only (`#id`); embedded images only as
// raster data URLs. What cannot be parsed or decoded is refused as a whole.
import { DOMParser, onErrorStopParsing } from '@xmldom/xmldom';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const MAX_BYTES = 5 * 1024 * 1024;
const MAX_DEPTH = 200;

export type SvgResult = { ok: true; svg: Buffer } | { ok: false; reason: string };

const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'title', 'desc', 'symbol', 'use', 'switch',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath', 'image',
  'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern', 'marker',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix',
  'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA',
  'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology',
  'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
]);
/** Elements whose content is shown as text; text elsewhere is only whitespace worth nothing. */
const TEXT_ELEMENTS = new Set(['title', 'desc', 'text', 'tspan', 'textPath']);
/** Elements left out but whose children are kept (a link would be a way out of the file). */
const UNWRAPPED = new Set(['a']);

const STRUCTURE = [
  'id', 'class', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr',
  'width', 'height', 'd', 'points', 'pathLength', 'viewBox', 'preserveAspectRatio', 'transform',
  'version', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'method', 'spacing',
  'side', 'refX', 'refY', 'markerWidth', 'markerHeight', 'markerUnits', 'orient',
  'gradientUnits', 'gradientTransform', 'spreadMethod', 'offset', 'patternUnits',
  'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
  'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'mode', 'type', 'values', 'operator',
  'k1', 'k2', 'k3', 'k4', 'stdDeviation', 'edgeMode', 'radius', 'scale', 'xChannelSelector',
  'yChannelSelector', 'baseFrequency', 'numOctaves', 'seed', 'stitchTiles', 'tableValues', 'slope',
  'intercept', 'amplitude', 'exponent', 'order', 'kernelMatrix', 'divisor', 'bias', 'targetX',
  'targetY', 'preserveAlpha', 'surfaceScale', 'diffuseConstant', 'specularConstant',
  'specularExponent', 'kernelUnitLength', 'azimuth', 'elevation', 'z', 'pointsAtX', 'pointsAtY',
  'pointsAtZ', 'limitingConeAngle', 'role', 'aria-label', 'aria-hidden', 'focusable', 'lang',
  'requiredExtensions', 'systemLanguage', 'href', 'style',
];
/** Presentation attributes, which a `style` attribute may also set as CSS properties. */
const PRESENTATION = [
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap',
  'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity',
  'color', 'display', 'visibility', 'overflow', 'clip-path', 'clip-rule', 'mask', 'filter',
  'marker-start', 'marker-mid', 'marker-end', 'stop-color', 'stop-opacity', 'flood-color',
  'flood-opacity', 'lighting-color', 'color-interpolation', 'color-interpolation-filters',
  'shape-rendering', 'text-rendering', 'image-rendering', 'vector-effect', 'paint-order',
  'font-family', 'font-size', 'font-style', 'font-weight', 'font-variant', 'font-stretch',
  'letter-spacing', 'word-spacing', 'text-anchor', 'text-decoration', 'dominant-baseline',
  'alignment-baseline', 'baseline-shift', 'writing-mode', 'direction', 'unicode-bidi',
  'mix-blend-mode', 'isolation',
];
const ATTRIBUTES = new Set([...STRUCTURE, ...PRESENTATION]);
const STYLE_PROPERTIES = new Set(PRESENTATION);

/** A value may call only these CSS/SVG functions; `url()` only with a reference inside the file. */
const FUNCTIONS = new Set(['rgb', 'rgba', 'hsl', 'hsla', 'url', 'matrix', 'translate', 'scale', 'rotate', 'skewx', 'skewy']);
const LOCAL_URL = /^url\(\s*(['"]?)#[\w.:-]+\1\s*\)$/i;
const RASTER_DATA = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[a-z0-9+/=\s]+$/i;

export function sanitizeSvg(bytes: Uint8Array): SvgResult {
  if (bytes.length > MAX_BYTES) return { ok: false, reason: 'larger than 5 MB' };
  const text = decode(bytes);
  if (text === null) return { ok: false, reason: 'in an encoding that cannot be read' };
  if (/<!DOCTYPE/i.test(text)) return { ok: false, reason: 'with a DOCTYPE (entities are not accepted)' };
  let root: Element | null;
  try {
    const parsed = new DOMParser({ onError: onErrorStopParsing, locator: false }).parseFromString(text, 'image/svg+xml');
    root = parsed.documentElement as unknown as Element | null;
  } catch {
    return { ok: false, reason: 'that is not well-formed XML' };
  }
  if (!root || root.namespaceURI !== SVG_NS || root.localName !== 'svg') return { ok: false, reason: 'that is not an SVG image' };
  const out: string[] = [];
  if (!write(root, out, 0, true)) return { ok: false, reason: 'nested too deeply' };
  return { ok: true, svg: Buffer.from(out.join(''), 'utf8') };
}

/** Decodes by byte-order mark, then by the XML declaration's encoding; null when neither can be read. */
function decode(bytes: Uint8Array): string | null {
  let label = 'utf-8';
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [label, start] = ['utf-16le', 2];
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [label, start] = ['utf-16be', 2];
  else if (bytes[0] === 0x3c && bytes[1] === 0x00) label = 'utf-16le';
  else if (bytes[0] === 0x00 && bytes[1] === 0x3c) label = 'utf-16be';
  else {
    const declared = /^<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(Buffer.from(bytes.subarray(0, 200)).toString('latin1'));
    if (declared) label = declared[1]!.toLowerCase();
  }
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes.subarray(start));
  } catch {
    return null;
  }
}

/** Writes an allowed element, its allowed attributes and children; false when nesting is too deep. */
function write(element: Element, out: string[], depth: number, isRoot = false): boolean {
  if (depth > MAX_DEPTH) return false;
  const name = element.localName;
  const attributes = isRoot ? [`xmlns="${SVG_NS}"`] : [];
  for (const attribute of Array.from(element.attributes)) {
    const kept = keptAttribute(name, attribute);
    if (kept) attributes.push(`${kept[0]}="${escapeText(kept[1], true)}"`);
  }
  const children: string[] = [];
  if (!writeChildren(name, element.childNodes, children, depth)) return false;
  const open = `<${name}${attributes.length ? ` ${attributes.join(' ')}` : ''}`;
  out.push(children.length ? `${open}>${children.join('')}</${name}>` : `${open}/>`);
  return true;
}

/** Writes the kept children of an element named `parent`; a link's children take its place. */
function writeChildren(parent: string, nodes: NodeListOf<ChildNode>, out: string[], depth: number): boolean {
  for (const child of Array.from(nodes)) {
    if (child.nodeType === 3 || child.nodeType === 4) {
      if (TEXT_ELEMENTS.has(parent)) out.push(escapeText(child.nodeValue ?? '', false));
      continue;
    }
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    if (element.namespaceURI !== SVG_NS) continue;
    if (UNWRAPPED.has(element.localName)) {
      if (depth > MAX_DEPTH || !writeChildren(parent, element.childNodes, out, depth + 1)) return false;
    } else if (ELEMENTS.has(element.localName) && !write(element, out, depth + 1)) {
      return false;
    }
  }
  return true;
}

/** The attribute as it may be written out ([name, value]), or null when it goes. */
function keptAttribute(element: string, attribute: Attr): [string, string] | null {
  const namespace = attribute.namespaceURI;
  const value = attribute.value;
  if (namespace === XLINK_NS && attribute.localName === 'href') return keptHref(element, value);
  if (namespace === XML_NS && attribute.localName === 'space') return value === 'preserve' || value === 'default' ? ['xml:space', value] : null;
  if (namespace !== null && namespace !== '') return null;
  const name = attribute.localName ?? attribute.name;
  if (!ATTRIBUTES.has(name)) return null;
  if (name === 'href') return keptHref(element, value);
  if (name === 'style') {
    const style = keptStyle(value);
    return style ? ['style', style] : null;
  }
  if (name === 'id' || name === 'class') return /^[\w\s.:-]*$/.test(value) ? [name, value] : null;
  return safeValue(value) ? [name, value] : null;
}

/** References stay inside the file; an image may embed a raster picture, nothing else. */
function keptHref(element: string, value: string): [string, string] | null {
  const trimmed = value.trim();
  if (element === 'image') return RASTER_DATA.test(trimmed) ? ['href', trimmed] : null;
  return /^#[\w.:-]+$/.test(trimmed) ? ['href', trimmed] : null;
}

/** Keeps the declarations of allowed properties with safe values; drops the rest. */
function keptStyle(style: string): string | null {
  if (/[\\@<>]|\/\*/.test(style)) return null;
  const kept = style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return null;
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      return STYLE_PROPERTIES.has(property) && safeValue(value) ? `${property}:${value}` : null;
    })
    .filter((declaration): declaration is string => declaration !== null);
  return kept.length ? kept.join(';') : null;
}

/** A value without escapes, at-rules or loading functions: only known functions, `url(#id)` only. */
function safeValue(value: string): boolean {
  if (/[\\@<>{}]|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)) return false;
  if (/javascript:|expression|data:/i.test(value)) return false;
  for (const call of value.matchAll(/([a-z-]*)\s*\(/gi)) {
    const fn = call[1]!.toLowerCase();
    if (!FUNCTIONS.has(fn)) return false;
    if (fn === 'url' && !LOCAL_URL.test(value.slice(call.index).replace(/\).*$/s, ')'))) return false;
  }
  return true;
}

function escapeText(text: string, attribute: boolean): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return attribute ? escaped.replace(/"/g, '&quot;') : escaped;
}
