// Spa treatments: the cards inside the category filter (island). Without JavaScript every
// treatment shows; with it the list narrows to a category, preselected when the guest came from a
// wellness item.
import type { SpaTreatment } from '../../../site/model/content-types';
import { ItemGrid } from '../../components/ItemGrid';
import { usePage } from '../../site-context';
import { SpaTreatmentFilter } from '../../widgets/SpaTreatmentFilter';

export function SpaTreatmentsList() {
  const page = usePage();
  const treatments = page.items.filter((item): item is SpaTreatment => item.type === 'spa_treatments');
  return <SpaTreatmentFilter treatments={treatments} grid={<ItemGrid items={treatments} />} />;
}
