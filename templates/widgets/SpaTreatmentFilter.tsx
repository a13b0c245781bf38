// The spa treatments list's category filter: pass the treatments and the grid of their cards
// (rendered by the page, one <li> per treatment in the same order). The island narrows the grid by
// category, preselected from ?category=<tid>. Wellness items link here with their preselect term,
// which lives in its own vocabulary (wellness_treatment_categories) and matches the spa category
// of the same name.
import type { ReactNode } from 'react';
import type { SpaTreatment } from '../../site/model/content-types';
import { Island } from '../islands';
import { useSite, useT } from '../site-context';

interface Props {
  treatments: SpaTreatment[];
  /** A <ul> (e.g. the card grid) whose n-th <li> shows treatments[n]. */
  grid: ReactNode;
}

export function SpaTreatmentFilter({ treatments, grid }: Props) {
  const t = useT();
  const site = useSite();
  const terms = new Map<number, { tid: number; name: string; weight: number }>();
  for (const treatment of treatments) {
    for (const term of treatment.categories) terms.set(term.tid, { tid: term.tid, name: term.name, weight: term.weight });
  }
  const categories = [...terms.values()]
    .sort((a, b) => a.weight - b.weight || a.name.localeCompare(b.name))
    .map(({ tid, name }) => ({ tid, name }));
  const byName = new Map(categories.map((category) => [category.name.toLocaleLowerCase(site.locale), category.tid]));
  const aliases: Record<string, number> = {};
  for (const wellness of site.content.list(site.locale, 'wellness')) {
    const term = wellness.preselectCategory;
    if (!term) continue;
    const tid = byName.get(term.name.toLocaleLowerCase(site.locale));
    if (tid !== undefined && tid !== term.tid) aliases[term.tid] = tid;
  }
  return (
    <Island
      name="SpaTreatmentFilter"
      hydrate="interaction"
      props={{
        categories,
        aliases,
        treatments: treatments.map((treatment) => ({ nid: treatment.nid, categories: treatment.categories.map((term) => term.tid) })),
        labels: { group: t('spaFilter.group'), all: t('spaFilter.all'), count: t('spaFilter.count') },
      }}
      slots={{ grid }}
    />
  );
}
