// The one thing to do next on a detail page, under its facts: book, apply, reserve a table, send
// an enquiry, download, follow the highlight's link or open the list a sublist item stands for.
import type { ReactNode } from 'react';
import type { ContentItem } from '../../../site/model/content-types';
import { DownloadLink } from '../../components/DownloadLink';
import { LinkButton } from '../../components/LinkButton';
import { phoneText, telHref } from '../../format';
import { useSite, useT } from '../../site-context';
import { BookingButton } from '../../widgets/BookingButton';

/** The action element for an item, or null when there is nothing to do. */
export function useDetailAction(item: ContentItem): ReactNode | null {
  const site = useSite();
  const t = useT();
  const hotel = site.config.hotel;
  switch (item.type) {
    case 'accommodation':
    case 'packages_and_special_offers':
    case 'spa_treatments':
    case 'wellness':
      return <BookingButton />;
    case 'restaurants_bars':
      return (
        <a className="button button--primary" href={telHref(hotel.phone)}>
          {t('detail.reserveTable', { phone: phoneText(hotel.phone) })}
        </a>
      );
    case 'meetingsandcelebrations':
    case 'functions_rooms':
    case 'events':
      return (
        <a className="button button--primary" href={`mailto:${hotel.email}?subject=${encodeURIComponent(item.title)}`}>
          {t('detail.enquire')}
        </a>
      );
    case 'careers':
      return (
        <a className="button button--primary" href={`mailto:${item.contactEmail ?? hotel.email}?subject=${encodeURIComponent(item.title)}`}>
          {t('detail.apply')}
        </a>
      );
    case 'press_releases':
      return item.attachment ? <DownloadLink download={item.attachment} label={t('detail.downloadPress')} className="button button--primary" /> : null;
    case 'courses_and_menus':
      return item.menuFile ? <DownloadLink download={item.menuFile} label={t('detail.downloadMenu')} className="button button--primary" /> : null;
    case 'highlights':
      return item.link ? <LinkButton link={item.link} /> : null;
    case 'aboutus':
      return item.sublist ? (
        <a className="button button--primary" href={site.content.hrefOf(item)}>
          {t('detail.toOverview', { list: item.title })}
        </a>
      ) : null;
    default:
      return null;
  }
}
