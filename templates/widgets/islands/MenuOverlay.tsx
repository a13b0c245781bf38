// The full menu (SPEC section 2 "Menus", section 4): home plus one accordion topic per content
// section, each with its overview link and items; the Wellness topic carries the Wellness Booking
// pseudo-entry that opens the booking sidebar.
//
// Without JavaScript: the toggle is a link to #menu and CSS shows the (closed) <dialog> for
// :target; topics are <details name="menu-topic"> (one open at a time natively). Hydrated, the
// toggle opens it as a modal dialog: the browser moves focus in, keeps it there, closes on Escape
// and returns focus to the toggle; we add the body's scroll lock, aria-expanded, closing on the
// backdrop, and one open topic at a time where <details name> is unsupported.
import { useEffect, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';
import BookingButton, { type BookingButtonProps } from './BookingButton';

export interface MenuLink {
  href: string;
  label: string;
}

export interface MenuTopicData {
  id: string;
  label: string;
  overview: MenuLink;
  entries: (MenuLink & { nid: number; opensBooking: boolean })[];
}

export interface MenuOverlayProps {
  home: MenuLink;
  topics: MenuTopicData[];
  more: MenuLink[];
  booking: Omit<BookingButtonProps, 'label' | 'className'>;
  labels: { open: string; close: string; title: string; nav: string };
}

const BODY_LOCK_CLASS = 'menu-open';
const OVERLAY_ID = 'menu';

function Link({ link, className, here }: { link: MenuLink; className: string; here: string | null }) {
  return (
    <a className={className} href={link.href} aria-current={link.href === here ? 'page' : undefined}>
      {link.label}
    </a>
  );
}

export default function MenuOverlay({ home, topics, more, booking, labels }: MenuOverlayProps) {
  const [open, setOpen] = useState(false);
  // The server renders one menu for every page of a language (templates/render-once.tsx); the
  // current page is marked, and its topic opened, once hydrated.
  const [here, setHere] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => setHere(window.location.pathname), []);
  const hereTopic = here && here !== home.href ? topics.find((topic) => here.startsWith(topic.overview.href) || topic.entries.some((entry) => entry.href === here))?.id : undefined;

  // Reached as /page#menu (the no-JS fallback link, or a bookmark): open it as a dialog instead.
  useEffect(() => {
    if (window.location.hash === `#${OVERLAY_ID}`) setOpen(true);
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
  // Browsers without <details name> still get one open topic at a time.
  const onTopicToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    const details = event.currentTarget;
    if (!details.open) return;
    for (const other of dialog.current!.querySelectorAll<HTMLDetailsElement>('details[open]')) {
      if (other !== details) other.open = false;
    }
  };

  return (
    <>
      <a className="menu-toggle" href={`#${OVERLAY_ID}`} data-enhanced="" aria-controls={OVERLAY_ID} aria-expanded={open} onClick={show(true)}>
        <span className="menu-toggle__bars" aria-hidden="true" />
        <span className="menu-toggle__label">{labels.open}</span>
      </a>
      <dialog
        ref={dialog}
        id={OVERLAY_ID}
        className="menu-overlay"
        aria-labelledby="menu-title"
        onClose={() => setOpen(false)}
        onClick={(event) => event.target === event.currentTarget && setOpen(false)}
      >
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
          <nav className="menu-overlay__nav" aria-label={labels.nav}>
            <ul className="menu-overlay__topics">
              <li>
                <Link link={home} className="menu-overlay__home" here={here} />
              </li>
              {topics.map((topic) => (
                <li key={topic.id}>
                  <details className="menu-topic" name="menu-topic" open={topic.id === hereTopic || undefined} onToggle={onTopicToggle}>
                    <summary className="menu-topic__summary">{topic.label}</summary>
                    <ul className="menu-topic__links">
                      <li>
                        <Link link={topic.overview} className="menu-topic__link menu-topic__link--overview" here={here} />
                      </li>
                      {topic.entries.map((entry) => (
                        <li key={entry.nid} onClickCapture={entry.opensBooking ? () => setOpen(false) : undefined}>
                          {entry.opensBooking ? (
                            <BookingButton {...booking} label={entry.label} className="menu-topic__link menu-topic__link--booking" />
                          ) : (
                            <Link link={entry} className="menu-topic__link" here={here} />
                          )}
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ))}
            </ul>
            {more.length > 0 ? (
              <ul className="menu-overlay__more">
                {more.map((link) => (
                  <li key={link.href}>
                    <Link link={link} className="menu-overlay__more-link" here={here} />
                  </li>
                ))}
              </ul>
            ) : null}
          </nav>
        </div>
      </dialog>
    </>
  );
}
