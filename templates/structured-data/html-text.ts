// The text of sanitized CMS HTML, for structured data that wants plain text (an FAQ question's
// name): parsed by parse5 as a browser would, so every entity is decoded exactly once.
import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];

function collect(node: Node, parts: string[]): void {
  if (node.nodeName === '#text') parts.push((node as DefaultTreeAdapterMap['textNode']).value);
  if ('childNodes' in node) for (const child of node.childNodes) collect(child, parts);
}

export function htmlText(html: string): string {
  const parts: string[] = [];
  collect(parseFragment(html), parts);
  return parts.join(' ').replace(/\s+/g, ' ').replace(/\s([,.;:!?])/g, '$1').trim();
}
