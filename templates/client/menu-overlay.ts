// The full menu overlay (templates/widgets/islands/MenuOverlay.tsx) without React: the toggle
// opens the <dialog> as a modal, the close link, Escape and the backdrop close it; the item lists
// load from the menu page on intent or when idle. With and without JavaScript: docs/menu.md.
import { whenIdle } from '../widgets/islands/browser';
import { fillMenuLists, loadMenuLists } from '../widgets/islands/menu-lists';
import type { Enhancer } from './registry';

const BODY_LOCK_CLASS = 'menu-open';
const OVERLAY_ID = 'menu';

/**
 * Marks the link to the page being shown and opens its topic (the menu HTML is the same on every
 * page). Runs again when the items arrive; a topic the visitor opened meanwhile stays the open one.
 */
function markCurrentPage(dialog: HTMLDialogElement, here: string): void {
  const links = [...dialog.querySelectorAll<HTMLAnchorElement>('a[href]')];
  const current = links.find((link) => link.getAttribute('href') === here);
  current?.setAttribute('aria-current', 'page');
  if (dialog.querySelector('details[open]')) return;
  // A detail page without an entry of its own (beyond the menu query's 50) still opens its topic.
  const topic =
    current?.closest('details') ??
    [...dialog.querySelectorAll<HTMLDetailsElement>('details')].find((details) => {
      const overview = details.querySelector('a[href]')?.getAttribute('href');
      return overview && overview !== '/' && here.startsWith(overview);
    });
  if (topic) topic.open = true;
}

/** The visitor asked not to spend data on what they may not use (Chromium's Save-Data). */
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export const enhanceMenuOverlay: Enhancer = (container) => {
  const toggle = container.querySelector<HTMLAnchorElement>('.menu-toggle');
  const dialog = container.querySelector<HTMLDialogElement>(`dialog#${OVERLAY_ID}`);
  if (!toggle || !dialog) return;
  // The menu page: the toggle's own link.
  const href = toggle.getAttribute('href')!;

  const load = () => {
    loadMenuLists(href).then(
      (lists) => {
        fillMenuLists(dialog, lists);
        markCurrentPage(dialog, window.location.pathname);
      },
      // The overview links stay; the next intent tries again. Nothing for the visitor to see.
      (error: unknown) => console.warn(error),
    );
  };
  markCurrentPage(dialog, window.location.pathname);
  // A pointer already over the toggle, or focus on it, is intent.
  if (toggle.matches(':hover, :focus')) load();
  else if (!savesData()) whenIdle(load);
  toggle.addEventListener('pointerenter', load);
  toggle.addEventListener('focus', load);

  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    document.body.classList.toggle(BODY_LOCK_CLASS, open);
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  };
  // A click with a modifier (new tab, new window) follows the toggle's link to the menu page.
  toggle.addEventListener('click', (event) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    setOpen(true);
  });
  dialog.querySelector('.menu-overlay__close')?.addEventListener('click', (event) => {
    event.preventDefault();
    setOpen(false);
  });
  // Escape (and any other way the browser closes it).
  dialog.addEventListener('close', () => setOpen(false));
  // A click on the backdrop lands on the dialog itself; the Wellness Booking entry gives way to
  // the sidebar it opens.
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target === dialog || target.closest('.menu-topic__link--booking')) setOpen(false);
  });
  // Browsers without <details name> still get one open topic at a time. `toggle` does not
  // bubble, so it is caught on the way down.
  dialog.addEventListener(
    'toggle',
    (event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.open) return;
      for (const other of dialog.querySelectorAll<HTMLDetailsElement>('details[open]')) {
        if (other !== details) other.open = false;
      }
    },
    true,
  );
  // Reached as /page#menu (the no-JS fallback link, or a bookmark): open it as a dialog instead.
  if (window.location.hash === `#${OVERLAY_ID}`) setOpen(true);
};
