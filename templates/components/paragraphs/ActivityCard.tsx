// Paragraph "activity card": an image beside a short text with a link, alternating sides.
import type { Paragraph } from '../../../site/model/content-types';
import { Illustration } from '../Illustration';
import { Picture } from '../Picture';
import { Prose } from '../Prose';
import { LinkButton } from '../LinkButton';

export function ActivityCard({ paragraph }: { paragraph: Extract<Paragraph, { kind: 'activity_card' }> }) {
  return (
    <section className="para para--activity feature">
      <div className="feature__media">
        {paragraph.image ? <Picture picture={paragraph.image} variant="card" sizes="(max-width: 868px) 100vw, 560px" /> : <Illustration motif="forest" />}
      </div>
      <div className="feature__body">
        {paragraph.title ? <h2>{paragraph.title}</h2> : null}
        <Prose html={paragraph.text} />
        {paragraph.link ? <LinkButton link={paragraph.link} variant="secondary" /> : null}
      </div>
    </section>
  );
}
