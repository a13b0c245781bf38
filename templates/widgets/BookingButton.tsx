// A "book now" button for page templates and paragraphs (call to action with the booking variant):
// a link to the booking page that, hydrated, opens the provider's sidebar. See islands/BookingButton.
import { Island } from '../islands';
import { translate } from '../i18n';
import { useSite } from '../site-context';

interface Props {
  /** Button text; default "Jetzt buchen" / "Book now". */
  label?: string | null;
  className?: string;
}

export function BookingButton({ label, className }: Props) {
  const site = useSite();
  const classes = ['button button--primary book-button', className ?? ''].filter(Boolean).join(' ');
  return (
    <Island
      name="BookingButton"
      as="span"
      hydrate="interaction"
      props={{ label: label || translate(site.messages, 'booking.bookNow'), className: classes }}
    />
  );
}
