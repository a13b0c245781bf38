// The full menu overlay (SPEC section 2 "Menus", section 4): the toggle and the dialog. The
// navigation inside (templates/layout/MenuNav.tsx) is server HTML the island shows as a slot and
// does not own: its links need no JavaScript, and up to 400 of them would otherwise travel again
// as props on every page.
//
// Without JavaScript: the toggle is a link to #menu and CSS shows the (closed) <dialog> for
// :target; topics are <details name="menu-topic"> (one open at a time natively). Hydrated, the
// toggle opens it as a modal dialog: the browser moves focus in, keeps it there, closes on Escape
// and returns focus to the toggle; we add the body's scroll lock, aria-expanded, closing on the
// backdrop and when the Wellness Booking entry opens the sidebar, one open topic at a time where
// <details name> is unsupported, and the current page marked with its topic open.
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Slot, type Slots } from './Slot';

export interface MenuOverlayProps {
  labels: { open: string; close: string; title: string };
  /** `nav`: the menu's navigation. */
  slots?: Slots;
}

const BODY_LOCK_CLASS = 'menu-open';
const OVERLAY_ID = 'menu';

/** Marks the link to the page being shown and opens its topic (the menu HTML is the same on every page). */
function markCurrentPage(dialog: HTMLDialogElement, here: string): void {
  const links = [...dialog.querySelectorAll<HTMLAnchorElement>('a[href]')];
  const current = links.find((link) => link.getAttribute('href') === here);
  current?.setAttribute('aria-current', 'page');
  // A detail page without an entry of its own (beyond the menu query's 50) still opens its topic.
  const topic =
    current?.closest('details') ??
    [...dialog.querySelectorAll<HTMLDetailsElement>('details')].find((details) => {
      const overview = details.querySelector('a[href]')?.getAttribute('href');
      return overview && overview !== '/' && here.startsWith(overview);
    });
  if (topic) topic.open = true;
}

export default function MenuOverlay({ labels, slots }: MenuOverlayProps) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current!;
    markCurrentPage(element, window.location.pathname);
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
    return () => element.removeEventListener('toggle', oneTopic, true);
  }, []);

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
  // A click on the backdrop lands on the dialog itself; the Wellness Booking entry gives way to
  // the sidebar it opens.
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    const target = event.target as Element;
    if (target === event.currentTarget || target.closest('.menu-topic__link--booking')) setOpen(false);
  };

  return (
    <>
      <a className="menu-toggle" href={`#${OVERLAY_ID}`} data-enhanced="" aria-controls={OVERLAY_ID} aria-expanded={open} onClick={show(true)}>
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
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" />
              </svg>
            </a>
          </div>
          <Slot name="nav" content={slots?.nav} className="menu-overlay__slot" />
        </div>
      </dialog>
    </>
  );
}
