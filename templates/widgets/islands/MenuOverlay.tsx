// The full menu overlay: the toggle and the dialog around the server-rendered navigation
// (templates/layout/MenuNav.tsx), which it shows as a slot; its items load from the menu page on
// intent or when idle. Behaviour with and without JavaScript: docs/menu.md.
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { whenIdle } from './browser';
import { fillMenuLists, loadMenuLists } from './menu-lists';
import { Slot, type Slots } from './Slot';
import { Icon } from '../../components/Icon';

export interface MenuOverlayProps {
  /** The menu page: the toggle's link without JavaScript, and where the item lists come from. */
  href: string;
  labels: { open: string; close: string; title: string };
  /** `nav`: the menu's navigation. */
  slots?: Slots;
}

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

export default function MenuOverlay({ href, labels, slots }: MenuOverlayProps) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const toggle = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const element = dialog.current!;
    const button = toggle.current!;
    let live = true;
    const load = () => {
      loadMenuLists(href).then(
        (lists) => {
          if (!live) return;
          fillMenuLists(element, lists);
          markCurrentPage(element, window.location.pathname);
        },
        // The overview links stay; the next intent tries again. Nothing for the visitor to see.
        (error: unknown) => console.warn(error),
      );
    };
    markCurrentPage(element, window.location.pathname);
    // The widget hydrates when the browser is idle or on the first interaction with it: a pointer
    // already over the toggle, or focus on it, is the intent that woke it.
    if (button.matches(':hover, :focus')) load();
    else if (!savesData()) whenIdle(load);
    button.addEventListener('pointerenter', load);
    button.addEventListener('focus', load);
    // Reached as /page#menu (the no-JS fallback link, or a bookmark): open it as a dialog instead.
    if (window.location.hash === `#${OVERLAY_ID}`) setOpen(true);
    // Browsers without <details name> still get one open topic at a time. `toggle` does not
    // bubble, so it is caught on the way down.
    const oneTopic = (event: Event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.open) return;
      for (const other of element.querySelectorAll<HTMLDetailsElement>('details[open]')) {
        if (other !== details) other.open = false;
      }
    };
    element.addEventListener('toggle', oneTopic, true);
    return () => {
      live = false;
      element.removeEventListener('toggle', oneTopic, true);
      button.removeEventListener('pointerenter', load);
      button.removeEventListener('focus', load);
    };
  }, [href]);

  useEffect(() => {
    const element = dialog.current!;
    document.body.classList.toggle(BODY_LOCK_CLASS, open);
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const show = (value: boolean) => (event: MouseEvent) => {
    event.preventDefault();
    setOpen(value);
  };
  // A click with a modifier (new tab, new window) follows the toggle's link to the menu page.
  const onToggleClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    show(true)(event);
  };
  // A click on the backdrop lands on the dialog itself; the Wellness Booking entry gives way to
  // the sidebar it opens.
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    const target = event.target as Element;
    if (target === event.currentTarget || target.closest('.menu-topic__link--booking')) setOpen(false);
  };

  return (
    <>
      <a ref={toggle} className="menu-toggle" href={href} data-enhanced="" aria-controls={OVERLAY_ID} aria-expanded={open} onClick={onToggleClick}>
        <span className="menu-toggle__bars" aria-hidden="true" />
        <span className="menu-toggle__label">{labels.open}</span>
      </a>
      <dialog ref={dialog} id={OVERLAY_ID} className="menu-overlay" aria-labelledby="menu-title" onClose={() => setOpen(false)} onClick={onDialogClick}>
        <div className="menu-overlay__panel">
          <div className="menu-overlay__head">
            <p id="menu-title" className="menu-overlay__title">
              {labels.title}
            </p>
            <a className="menu-overlay__close" href="#top" data-enhanced="" onClick={show(false)}>
              <span>{labels.close}</span>
              <Icon name="close" />
            </a>
          </div>
          <Slot name="nav" content={slots?.nav} className="menu-overlay__slot" />
        </div>
      </dialog>
    </>
  );
}
