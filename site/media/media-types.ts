// Which files the site publishes (docs/media.md): images, PDFs and office documents, videos — by
// the type the CMS declares, confirmed by the file's first bytes where the format has a signature.
// Anything a browser could run as a page (HTML, XML, JavaScript) is never published; SVG is
// rebuilt by ./svg-sanitize before it is.

export const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/svg+xml': '.svg',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/avif': '.avif',
  'image/gif': '.gif',
  'application/pdf': '.pdf',
  'application/msword': '.doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'application/vnd.ms-excel': '.xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
  'application/vnd.ms-powerpoint': '.ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': '.pptx',
  'application/zip': '.zip',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
};

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');
const ascii = (text: string) => Buffer.from(text, 'latin1');
const OLE = hex('d0cf11e0 a1b11ae1');
const ZIP = hex('504b0304');

/** Signatures at the start of the file (offset, bytes). */
const SIGNATURES: Readonly<Record<string, [number, Buffer][]>> = {
  'image/png': [[0, hex('89504e470d0a1a0a')]],
  'image/jpeg': [[0, hex('ffd8ff')]],
  'image/gif': [[0, ascii('GIF8')]],
  'image/webp': [[8, ascii('WEBP')]],
  'image/avif': [[4, ascii('ftyp')]],
  'application/pdf': [[0, ascii('%PDF-')]],
  'application/msword': [[0, OLE]],
  'application/vnd.ms-excel': [[0, OLE]],
  'application/vnd.ms-powerpoint': [[0, OLE]],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': [[0, ZIP]],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': [[0, ZIP]],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': [[0, ZIP]],
  'application/zip': [[0, ZIP]],
  'video/mp4': [[4, ascii('ftyp')]],
  'video/webm': [[0, hex('1a45dfa3')]],
};

const TYPES = new Map(Object.keys(EXTENSIONS).map((type) => [type, type]));

/**
 * `contentType` as one string shared by every file of that type: each answer's header is a string
 * of its own, and the media index keeps one per file until the stage ends.
 */
export function sharedType(contentType: string): string {
  return TYPES.get(contentType) ?? contentType;
}

/** Why the file may not be published as `contentType`, or null when it may. */
export function typeProblem(contentType: string, head: Buffer): string | null {
  if (!EXTENSIONS[contentType]) return `its type "${contentType || 'none'}" is not published`;
  const signatures = SIGNATURES[contentType];
  if (signatures && !signatures.some(([offset, bytes]) => head.subarray(offset, offset + bytes.length).equals(bytes))) {
    return `its content is not the ${contentType} it is declared as`;
  }
  return null;
}
