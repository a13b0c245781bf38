// GET/HEAD /sites/default/files/…: files of the synthetic benchmark items, made on request the way
// Drupal lays them out — originals under `<yyyy-mm>/`, inline body images under `inline-images/`,
// image-style derivatives under `styles/<style>/public/…?itok=…` — so that a large site has tens of
// thousands of distinct media URLs without a folder of tens of thousands of files. Every path gives
// its own bytes (a PNG of one colour carrying its path as text, or a one-page PDF), with the
// validators and two-week caching a Drupal site sends, and 304s for revalidation.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import { etagMatches } from '../http/conditional';
import { sendText } from './media-files';

export const FILES_BASE = '/sites/default/files/';
/** Widths of the image styles a Drupal site of this kind defines (schema.graphql's ImageStyleId). */
export const STYLE_WIDTHS: Readonly<Record<string, number>> = { THUMBNAIL: 100, MEDIUM: 220, LARGE: 480, WIDE: 1090, HERO: 1920 };
/** Every generated original is this size; derivatives keep its aspect. */
export const ORIGINAL = { width: 1600, height: 1000 } as const;
export const INLINE = { width: 800, height: 500 } as const;

const CACHE_CONTROL = 'public, max-age=1209600';
const LAST_MODIFIED = new Date(Date.UTC(2025, 2, 1)).toUTCString();
const FILE = /^(?:styles\/([a-z]+)\/public\/)?((?:\d{4}-\d\d|inline-images)\/[a-z0-9-]+\.(png|pdf))$/;
const PALETTE = [[0xbc, 0xc6, 0xa9], [0xe9, 0xe4, 0xd8], [0x4c, 0x6a, 0x53], [0xec, 0xdc, 0xb0], [0x8a, 0x9b, 0xa8], [0xc9, 0xa9, 0x8f]] as const;

/** The derivative URL of a generated original (root-relative), or null for other files. */
export function derivativePath(path: string, style: string): string | null {
  if (!path.startsWith(FILES_BASE) || path.startsWith(`${FILES_BASE}styles/`)) return null;
  const rest = path.slice(FILES_BASE.length);
  const itok = createHash('sha1').update(`${style}:${rest}`).digest('base64url').slice(0, 8);
  return `${FILES_BASE}styles/${style.toLowerCase()}/public/${rest}?itok=${itok}`;
}

/** Serves `raw` (the path below FILES_BASE, still encoded, without the query). */
export function serveGeneratedFile(req: IncomingMessage, res: ServerResponse, raw: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  const match = FILE.exec(raw);
  const style = match?.[1]?.toUpperCase();
  if (!match || (style && !STYLE_WIDTHS[style])) return sendText(res, 404, 'Not found');
  const etag = `"${createHash('sha1').update(raw).digest('hex').slice(0, 16)}"`;
  const headers = { ETag: etag, 'Last-Modified': LAST_MODIFIED, 'Cache-Control': CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' };
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  if (etagMatches(req.headers['if-none-match'], etag) || (!req.headers['if-none-match'] && since >= Date.parse(LAST_MODIFIED))) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const [path, kind] = [match[2]!, match[3]!];
  const body = kind === 'pdf' ? pdf(raw) : png(size(path, style), raw);
  res.writeHead(200, { ...headers, 'Content-Type': kind === 'pdf' ? 'application/pdf' : 'image/png', 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function size(path: string, style: string | undefined): { width: number; height: number } {
  const original = path.startsWith('inline-images/') ? INLINE : ORIGINAL;
  if (!style) return original;
  const width = Math.min(STYLE_WIDTHS[style]!, original.width);
  return { width, height: Math.round((original.height * width) / original.width) };
}

const pixels = new Map<string, Buffer>();

/** A PNG of one colour (picked by the path) with the path in a tEXt chunk, so each file differs. */
function png({ width, height }: { width: number; height: number }, path: string): Buffer {
  const colour = PALETTE[createHash('sha1').update(path).digest()[0]! % PALETTE.length]!;
  const key = `${width}x${height}:${colour.join(',')}`;
  let data = pixels.get(key);
  if (!data) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set(colour, 1 + x * 3);
    data = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
    pixels.set(key, data);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from(`Source\0${path}`, 'latin1')),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A one-page PDF naming the file, with a correct cross-reference table. */
function pdf(path: string): Buffer {
  const text = `Preisliste / Price list ${path}`.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = out.length;
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
