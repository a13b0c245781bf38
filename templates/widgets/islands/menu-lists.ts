// The item lists of the menu overlay, loaded from the menu page (docs/menu.md). Every page's overlay
// has the topics and their overview links; the items under each topic are on the menu page only,
// marked `data-menu-topic` (the topic) and `data-menu-item` (an entry), by templates/layout/MenuNav.
// The page itself is the source, not a file of its own: it is what the menu button links to, so a
// visitor who went there has it in the browser's cache, and build, preview and watch already serve
// and update it like every page.
//
// Loaded at most once per page; a failed load is forgotten so the next intent tries again, and the
// overlay keeps its overview links meanwhile (they lead to the same items).

/** topic id → that topic's entries (<li> elements of the menu page's document). */
export type MenuLists = Map<string, Element[]>;

let loading: { href: string; lists: Promise<MenuLists> } | null = null;

/** The topics' entries of a document rendered from templates/layout/MenuNav (`place="page"`). */
export function listsOf(doc: ParentNode): MenuLists {
  const lists: MenuLists = new Map();
  for (const topic of doc.querySelectorAll<HTMLElement>('[data-menu-topic]')) {
    const entries = [...topic.querySelectorAll('[data-menu-item]')];
    if (entries.length > 0) lists.set(topic.dataset.menuTopic!, entries);
  }
  return lists;
}

async function fetchLists(href: string): Promise<MenuLists> {
  const response = await fetch(href, { headers: { accept: 'text/html' } });
  if (!response.ok) throw new Error(`menu page ${href}: HTTP ${response.status}`);
  // DOMParser builds an inert document: no script runs, nothing it references is loaded.
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  const lists = listsOf(doc);
  if (lists.size === 0) throw new Error(`menu page ${href}: no menu lists in it`);
  return lists;
}

/** The lists of the menu page at `href`: from this document when it is that page, else fetched. */
export function loadMenuLists(href: string): Promise<MenuLists> {
  if (loading?.href === href) return loading.lists;
  const here = new URL(href, window.location.href).pathname === window.location.pathname;
  const lists = here ? Promise.resolve(listsOf(document.querySelector('main') ?? document)) : fetchLists(href);
  loading = { href, lists };
  lists.catch(() => {
    if (loading?.lists === lists) loading = null;
  });
  return lists;
}

/**
 * Puts each topic's entries into the overlay's navigation, after the topic's overview link and
 * before the Wellness Booking entry (the order of the menu page). Topics that already have them, or
 * that the lists do not know, stay as they are.
 */
export function fillMenuLists(nav: ParentNode, lists: MenuLists): void {
  for (const topic of nav.querySelectorAll<HTMLElement>('[data-menu-topic]')) {
    const entries = lists.get(topic.dataset.menuTopic!);
    const overview = topic.querySelector(':scope > ul > li');
    if (!entries || !overview || topic.querySelector('[data-menu-item]')) continue;
    overview.after(...entries.map((entry) => document.importNode(entry, true)));
  }
}
