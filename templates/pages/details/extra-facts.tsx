// Facts a detail page shows beyond the card's key facts: categories, location, dimensions, seating.
// Function-room labels are the comparison table's translated texts (functionRooms.*).
import type { ContentItem, FunctionRoom, Locale } from '../../../site/model/content-types';
import type { ContentIndex } from '../../../site/model/page-model';
import { SEATING_LAYOUTS } from '../../../site/model/content-types';
import type { Fact } from '../../components/Facts';
import { formatMetres, formatPrice } from '../../format';
import type { TranslateVars } from '../../i18n';

type T = (key: string, vars?: TranslateVars) => string;

function seatingLabel(t: T, layout: (typeof SEATING_LAYOUTS)[number]): string {
  switch (layout) {
    case 'theatre':
      return t('functionRooms.theatre');
    case 'classroom':
      return t('functionRooms.classroom');
    case 'uShape':
      return t('functionRooms.uShape');
    case 'block':
      return t('functionRooms.block');
    case 'banquet':
      return t('functionRooms.banquet');
  }
}

export function extraFacts(item: ContentItem, t: T, locale: Locale, content: ContentIndex): Fact[] {
  const facts: (Fact | null)[] = [];
  switch (item.type) {
    case 'accommodation':
      facts.push(item.category ? { id: 'category', label: t('facts.roomCategory'), value: item.category.name } : null);
      break;
    case 'spa_treatments':
    case 'events':
    case 'packages_and_special_offers':
      facts.push(item.categories.length ? { id: 'category', label: t('facts.category'), value: item.categories.map((c) => c.name).join(', ') } : null);
      break;
    case 'meetingsandcelebrations': {
      const rooms = item.functionRooms.map((nid) => content.get(locale, nid)).filter((room): room is FunctionRoom => room?.type === 'functions_rooms');
      const most = Math.max(0, ...rooms.flatMap((room) => SEATING_LAYOUTS.map((layout) => room.seating[layout] ?? 0)));
      facts.push(
        rooms.length > 0 ? { id: 'rooms', label: t('facts.rooms'), value: String(rooms.length) } : null,
        most > 0 ? { id: 'capacity', label: t('facts.capacity'), value: t('facts.personsOther', { count: most }) } : null,
      );
      break;
    }
    case 'functions_rooms': {
      const dims = [item.length, item.width, item.height];
      facts.push(
        item.location ? { id: 'location', label: t('functionRooms.location'), value: item.location.name } : null,
        dims.some((d) => d !== null)
          ? {
              id: 'dimensions',
              label: t('facts.dimensions'),
              value: dims.map((d) => (d === null ? '–' : formatMetres(locale, d))).join(' × '),
            }
          : null,
        ...SEATING_LAYOUTS.map((layout) => {
          const seats = item.seating[layout];
          return seats ? { id: `seating-${layout}`, label: seatingLabel(t, layout), value: String(seats) } : null;
        }),
        item.pricePerDay !== null ? { id: 'price-day', label: t('functionRooms.pricePerDay'), value: formatPrice(locale, item.pricePerDay) } : null,
        item.priceShortUsage !== null
          ? { id: 'price-short', label: t('functionRooms.priceShortUsage'), value: formatPrice(locale, item.priceShortUsage) }
          : null,
      );
      break;
    }
    default:
      break;
  }
  return facts.filter((fact): fact is Fact => fact !== null);
}
