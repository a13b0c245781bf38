// CMS rich text. The pipeline sanitized it to the allow-list (site/content/sanitize-html.ts), so it
// is inserted as is, its links checked against the site's pages (docs/site.md, "Links in CMS
// text"); the .prose styles give it the site's typography.
import type { Html } from '../../site/model/content-types';
import { usePage, useSite } from '../site-context';

export function Prose({ html, className }: { html: Html | string | null; className?: string }) {
  const site = useSite();
  const page = usePage();
  if (!html) return null;
  return <div className={className ? `prose ${className}` : 'prose'} dangerouslySetInnerHTML={{ __html: site.content.withLinks(html as Html, page.href).html }} />;
}
