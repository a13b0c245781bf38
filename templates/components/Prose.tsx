// CMS rich text. The pipeline sanitized it to the allow-list (site/content/sanitize-html.ts), so it
// is inserted as is; the .prose styles give it the site's typography.
import type { Html } from '../../site/model/content-types';

export function Prose({ html, className }: { html: Html | string | null; className?: string }) {
  if (!html) return null;
  return <div className={className ? `prose ${className}` : 'prose'} dangerouslySetInnerHTML={{ __html: html }} />;
}
