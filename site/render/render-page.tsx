// One page → its HTML, as UTF-8 bytes ready to write or send. The document shell is one component
// (templates/Document.tsx); errors carry the page being rendered (after vite-react-ssg's
// serverRenderer). Bytes rather than a string: see templates/render-once.tsx.
import { renderToString } from 'react-dom/server';
import { Document } from '../../templates/Document';
import { assemblePage } from '../../templates/render-once';
import type { Page, SiteContext } from '../model/page-model';

export function renderPage(page: Page, site: SiteContext): Buffer {
  try {
    return assemblePage(`<!DOCTYPE html>${renderToString(<Document page={page} site={site} />)}`, site);
  } catch (error) {
    throw new Error(`Rendering ${page.href} (${page.kind}${page.item ? `, nid ${page.item.nid}` : ''}) failed: ${(error as Error).message}`, { cause: error });
  }
}
