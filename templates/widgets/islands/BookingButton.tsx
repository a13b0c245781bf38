// "Book now": a link to the configured booking page (works without JavaScript) that, once
// hydrated, opens the provider's sidebar instead. The provider script loads on the first intent
// (hover, focus, touch — before the click itself), never just because a page was viewed: a
// third-party script on every page view costs guests data and tells the provider who browses;
// the button is busy while it loads and falls back to the link when it cannot load.
import { useState, type MouseEvent } from 'react';
import { callOpenFunction, loadBookingScript } from './booking-loader';

export interface BookingButtonProps {
  label: string;
  /** Shown instead of `label` where CSS hides `.book-button__long` (the top bar on phones). */
  shortLabel?: string;
  /** The booking page for this language: the link's href and the fallback. */
  href: string;
  /** Provider script URL with the locale filled in. */
  scriptUrl: string;
  /** Dotted path of the provider's global open function. */
  openFunction: string;
  className: string;
}

export default function BookingButton({ label, shortLabel, href, scriptUrl, openFunction, className }: BookingButtonProps) {
  const [busy, setBusy] = useState(false);
  const preload = () => {
    loadBookingScript(scriptUrl).catch(() => undefined);
  };

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setBusy(true);
    loadBookingScript(scriptUrl)
      .then(() => {
        if (!callOpenFunction(openFunction)) throw new Error(`Booking provider has no function ${openFunction}`);
        setBusy(false);
      })
      .catch((error: unknown) => {
        console.warn(error);
        window.location.assign(href);
      });
  };

  return (
    <a className={className} href={href} data-enhanced="" aria-busy={busy || undefined} onPointerEnter={preload} onFocus={preload} onTouchStart={preload} onClick={open}>
      {shortLabel ? (
        <>
          <span className="book-button__long">{label}</span>
          <span className="book-button__short">{shortLabel}</span>
        </>
      ) : (
        label
      )}
    </a>
  );
}
