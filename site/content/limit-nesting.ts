// Caps how deeply CMS HTML nests before anything else walks it (docs/hardening.md). Later steps —
// the minifier above all — spend time per element times its depth, so a deeply nested body could
// stall a build (docs/hardening.md). No editor writes more than a few dozen
// levels, and browsers stop nesting far earlier themselves (Chromium at 512), so elements deeper
// than the cap are unwrapped: their text, images and line breaks stay, in order, inside the
// deepest element allowed; their structure goes. Iterative, so no depth can overflow the stack.
import type { DefaultTreeAdapterTypes } from 'parse5';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;

export const MAX_NESTING = 64;

const isElement = (node: ChildNode): node is DefaultTreeAdapterTypes.Element => 'tagName' in node;

/** Flattens, in place, every element of `root` nested deeper than `maxDepth`; returns whether any was. */
export function limitNesting(root: ParentNode, maxDepth = MAX_NESTING): boolean {
  let flattened = false;
  const stack: [ParentNode, number][] = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    for (const child of node.childNodes) {
      if (!isElement(child) || !child.childNodes.length) continue;
      if (depth + 1 < maxDepth) stack.push([child, depth + 1]);
      else if (child.childNodes.some(isElement)) {
        child.childNodes = leavesOf(child);
        flattened = true;
      }
    }
  }
  return flattened;
}

/** The nodes below `element` that have no children (text, images, line breaks), in document order. */
function leavesOf(element: DefaultTreeAdapterTypes.Element): ChildNode[] {
  const leaves: ChildNode[] = [];
  const pending: ChildNode[] = [...element.childNodes].reverse();
  while (pending.length) {
    const node = pending.pop()!;
    if (isElement(node) && node.childNodes.length) {
      for (let i = node.childNodes.length - 1; i >= 0; i--) pending.push(node.childNodes[i]!);
    } else {
      node.parentNode = element;
      leaves.push(node);
    }
  }
  return leaves;
}
