// The few facts a guest compares between items of a type: shown on cards and at the top of the
// detail page (size, persons, price from; duration, price; dates; validity, price; distance …).
import type { ContentItem, Locale } from '../../site/model/content-types';
import { SEATING_LAYOUTS } from '../../site/model/content-types';
import type { TranslateVars } from '../i18n';
import { formatArea, formatDateRange, formatDay, formatKilometres, formatMinutes, formatPrice, isoDate } from '../format';
import type { Fact } from './Facts';

type T = (key: string, vars?: TranslateVars) => string;

function persons(t: T, count: number): string {
  return count === 1 ? t('facts.personsOne') : t('facts.personsOther', { count });
}

export function keyFacts(item: ContentItem, t: T, locale: Locale): Fact[] {
  const facts: (Fact | null)[] = [];
  switch (item.type) {
    case 'accommodation':
      facts.push(
        item.size !== null ? { id: 'size', label: t('facts.size'), value: formatArea(locale, item.size) } : null,
        item.maxOccupancy !== null ? { id: 'occupancy', label: t('facts.occupancy'), value: persons(t, item.maxOccupancy) } : null,
        item.priceFrom !== null
          ? { id: 'price', label: t('facts.pricePerNight'), value: t('facts.fromPrice', { price: formatPrice(locale, item.priceFrom) }) }
          : null,
      );
      break;
    case 'spa_treatments':
      facts.push(
        item.duration !== null ? { id: 'duration', label: t('facts.duration'), value: formatMinutes(locale, item.duration) } : null,
        item.price !== null ? { id: 'price', label: t('facts.price'), value: formatPrice(locale, item.price) } : null,
      );
      break;
    case 'events':
      facts.push(
        item.date
          ? { id: 'date', label: t('facts.date'), value: <time dateTime={isoDate(item.date.start)}>{formatDateRange(locale, item.date)}</time> }
          : null,
      );
      break;
    case 'packages_and_special_offers':
      facts.push(
        item.validity ? { id: 'validity', label: t('facts.validity'), value: validity(t, locale, item.validity.start, item.validity.end) } : null,
        item.price !== null
          ? { id: 'price', label: t('facts.pricePerPerson'), value: t('facts.fromPrice', { price: formatPrice(locale, item.price) }) }
          : null,
      );
      break;
    case 'courses_and_menus':
      facts.push(item.price !== null ? { id: 'price', label: t('facts.price'), value: formatPrice(locale, item.price) } : null);
      break;
    case 'functions_rooms': {
      const most = Math.max(0, ...SEATING_LAYOUTS.map((layout) => item.seating[layout] ?? 0));
      facts.push(
        item.area !== null ? { id: 'area', label: t('functionRooms.area'), value: formatArea(locale, item.area) } : null,
        most > 0 ? { id: 'capacity', label: t('facts.capacity'), value: persons(t, most) } : null,
      );
      break;
    }
    case 'restaurants_bars':
      facts.push(item.category ? { id: 'category', label: t('facts.category'), value: item.category.name } : null);
      break;
    case 'careers':
      facts.push(
        item.employmentType ? { id: 'employment', label: t('facts.employment'), value: item.employmentType } : null,
        item.startDate ? { id: 'start', label: t('facts.start'), value: formatDay(locale, item.startDate) } : null,
      );
      break;
    case 'article':
      facts.push(item.author ? { id: 'author', label: t('facts.author'), value: item.author } : null);
      break;
    case 'press_releases':
      facts.push(item.created ? { id: 'published', label: t('facts.published'), value: formatDay(locale, new Date(item.created * 1000)) } : null);
      break;
    case 'excursions':
      facts.push(item.distance !== null ? { id: 'distance', label: t('facts.distance'), value: formatKilometres(locale, item.distance) } : null);
      break;
    case 'sports':
      facts.push(item.experience.length ? { id: 'experience', label: t('facts.experience'), value: item.experience.map((term) => term.name).join(', ') } : null);
      break;
    default:
      break;
  }
  return facts.filter((fact): fact is Fact => fact !== null);
}

function validity(t: T, locale: Locale, start: string, end: string | null) {
  if (!end) return t('facts.validFrom', { date: formatDay(locale, start) });
  return formatDateRange(locale, { start, end });
}
