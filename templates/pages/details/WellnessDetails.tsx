// Wellness: the spa treatments of its category (the wellness item's preselect category), with a
// link to the whole treatments list.
import type { SpaTreatment, Wellness } from '../../../site/model/content-types';
import { ItemGrid } from '../../components/ItemGrid';
import { usePage, useSite, useT } from '../../site-context';

export function WellnessDetails({ item }: { item: Wellness }) {
  const site = useSite();
  const { locale } = usePage();
  const t = useT();
  const category = site.content.spaCategoryOf(item);
  // The first six in CMS order; stop there (the spa may list thousands of treatments).
  const treatments: SpaTreatment[] = [];
  for (const treatment of category ? site.content.list(locale, 'spa_treatments') : []) {
    if (treatment.categories.some((term) => term.tid === category!.tid)) treatments.push(treatment);
    if (treatments.length === 6) break;
  }
  if (treatments.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby="treatments-title">
      <h2 id="treatments-title">{t('detail.treatments')}</h2>
      <ItemGrid items={treatments} headingLevel={3} eagerFirstRow={false} />
      <p>
        <a className="text-link" href={site.routeHref('spatreatments')}>
          {t('detail.allTreatments')}
        </a>
      </p>
    </section>
  );
}
