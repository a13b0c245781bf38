// Which pages link to pages the site does not publish, as warnings: one per missing target, naming
// the items that link to it. Read from what each page looked up while rendering (its recorded
// dependencies, site/incremental/page-inputs.ts), so pages kept from the previous build are named
// too, without reading their text again.
import type { Locale } from '../model/content-types';
import type { Page, SiteContext } from '../model/page-model';
import { notificationLinks } from '../incremental/page-inputs';

/** Pages named per missing target, at most. */
const NAMED = 5;

export function deadLinkWarnings(pages: readonly Page[], deps: (page: Page) => readonly string[], sites: Map<Locale, SiteContext>): string[] {
  const content = [...sites.values()][0]?.content;
  if (!content) return [];
  const linking = new Map<string, string[]>();
  const add = (target: string, who: string) => {
    let list = linking.get(target);
    if (!list) linking.set(target, (list = []));
    if (!list.includes(who)) list.push(who);
  };
  for (const [locale, site] of sites) {
    for (const target of notificationLinks(site)) if (content.titleAt(target) === null) add(target, `the notifications (${locale})`);
  }
  for (const page of pages) {
    for (const key of deps(page)) {
      if (!key.startsWith('link ')) continue;
      const target = key.slice(key.lastIndexOf(' ') + 1);
      if (content.titleAt(target) === null) add(target, page.item ? `nid ${page.item.nid} (${page.href})` : page.href);
    }
  }
  return [...linking].map(([target, who]) => {
    const named = who.slice(0, NAMED).join(', ') + (who.length > NAMED ? ` and ${who.length - NAMED} more` : '');
    return `${named} link${who.length > 1 ? '' : 's'} to ${target}, which the site does not publish: published as text, without the link`;
  });
}
