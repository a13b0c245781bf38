// One page → its HTML. The document shell is one component (templates/Document.tsx); errors carry
// the page being rendered (STYLE.md, after vite-react-ssg's serverRenderer).
import { renderToString } from 'react-dom/server';
import { Document } from '../../templates/Document';
import type { Page, SiteContext } from './page-model';

export function renderPage(page: Page, site: SiteContext): string {
  try {
    return `<!DOCTYPE html>${renderToString(<Document page={page} site={site} />)}`;
  } catch (error) {
    throw new Error(`Rendering ${page.href} (${page.kind}${page.item ? `, nid ${page.item.nid}` : ''}) failed: ${(error as Error).message}`, { cause: error });
  }
}
