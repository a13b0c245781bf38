// Paragraph "call to action": a band with a heading, a line of text and one button — a link, or the
// booking button that opens the provider's sidebar (booking variant).
import type { Paragraph } from '../../../site/model/content-types';
import { BookingButton } from '../../widgets/BookingButton';
import { LinkButton } from '../LinkButton';
import { Prose } from '../Prose';

export function CallToAction({ paragraph }: { paragraph: Extract<Paragraph, { kind: 'call_to_action' }> }) {
  return (
    <section className="para para--cta cta">
      <div className="cta__text">
        {paragraph.title ? <h2>{paragraph.title}</h2> : null}
        <Prose html={paragraph.text} />
      </div>
      <div className="cta__action">
        {paragraph.opensBooking ? (
          <BookingButton label={paragraph.link?.title} />
        ) : paragraph.link ? (
          <LinkButton link={paragraph.link} />
        ) : null}
      </div>
    </section>
  );
}
