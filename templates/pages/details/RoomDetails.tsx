// Accommodation: what is in the room, the bathroom and on the technical side, and the views.
// Features show in three groups (room, bath, tech/media); the CMS keeps tech/media terms in
// the room-features field, recognisable by their vocabulary.
import type { Accommodation, Term } from '../../../site/model/content-types';
import { TermList } from '../../components/TermList';
import { useT } from '../../site-context';

const isTech = (term: Term) => /tech|media/i.test(term.vocabulary);

export function RoomDetails({ item }: { item: Accommodation }) {
  const t = useT();
  const room = item.roomFeatures.filter((term) => !isTech(term));
  const tech = item.roomFeatures.filter(isTech);
  const groups = [
    { id: 'room', title: t('detail.features.room'), terms: room },
    { id: 'bath', title: t('detail.features.bath'), terms: item.bathroomFeatures },
    { id: 'tech', title: t('detail.features.tech'), terms: tech },
    { id: 'views', title: t('detail.features.views'), terms: item.views },
  ].filter((group) => group.terms.length > 0);
  if (groups.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby="features-title">
      <h2 id="features-title">{t('detail.features.title')}</h2>
      <div className="feature-groups">
        {groups.map((group) => (
          <div key={group.id} className="feature-group">
            <h3>{group.title}</h3>
            <TermList terms={group.terms} />
          </div>
        ))}
      </div>
    </section>
  );
}
