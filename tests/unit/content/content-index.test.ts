import { describe, expect, it } from 'vitest';
import { createContentIndex, hrefOf } from '../../../site/content/content-index';
import { byLocale } from '../../helpers/items';
import { item } from '../../helpers/items';

describe('where a link to an item goes (sublist routing)', () => {
  it('goes to the item itself', () => {
    expect(hrefOf(item(1, 'de', 'accommodation', '/de/uebernachten/turmzimmer'))).toBe('/de/uebernachten/turmzimmer/');
  });

  it('sends a wellness item with sublist spa treatments to the spa list, preselected', () => {
    const wellness = item(2, 'en', 'wellness', '/en/wellness/treatments', {
      sublistContentType: 'spa_treatments',
      preselectCategory: { tid: 42, name: 'Massages', vocabulary: 'wellness_treatment_categories', weight: 0, icon: null },
    });
    expect(hrefOf(wellness)).toBe('/en/wellness/spatreatments/?category=42');
  });

  it('sends an about-us item with a sublist to the route it names', () => {
    expect(hrefOf(item(3, 'de', 'aboutus', '/de/ueberuns/jobs', { sublist: 'careers' }))).toBe('/de/karriere/');
    expect(hrefOf(item(4, 'en', 'aboutus', '/en/aboutus/press', { sublist: 'Press releases' }))).toBe('/en/pressreleases/');
  });

  it('ignores a sublist value that names no route', () => {
    expect(hrefOf(item(5, 'de', 'aboutus', '/de/ueberuns/x', { sublist: 'nonsense' }))).toBe('/de/ueberuns/x/');
  });

  it('preselects the treatments category of the same name when the CMS uses two vocabularies', () => {
    const massage = { tid: 80, name: 'Massagen', vocabulary: 'spa_treatment_categories', weight: 0, icon: null };
    const wellness = item(2, 'de', 'wellness', '/de/wellness/massagen', {
      sublistContentType: 'spa_treatments',
      preselectCategory: { tid: 100, name: 'massagen', vocabulary: 'wellness_treatment_categories', weight: 0, icon: null },
    });
    const index = createContentIndex(byLocale([wellness, item(9, 'de', 'spa_treatments', '/de/wellness/spabehandlung/hot-stone', { categories: [massage] })]));
    expect(index.hrefOf(wellness)).toBe('/de/wellness/spabehandlung/?category=80');
  });
});
