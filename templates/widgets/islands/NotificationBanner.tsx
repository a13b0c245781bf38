// The hotel's announcements: published notifications of the page language,
// dismissable for the visit (sessionStorage — survives navigation, not a new visit). A band at the
// top of the page, under the top bar, so it covers nothing. No layout shift: it is in the HTML
// from the start, a stored dismissal hides it before first paint (head script), and dismissing it
// is the guest's own action. This is its markup; dismissing is a plain script in the entry
// (templates/client/notification-banner.ts), so a first view needs no React.
import { Slot, type Slots } from './Slot';
import { Icon } from '../../components/Icon';

export interface NotificationBannerProps {
  /** Identifies this set of notifications; a new announcement shows even after a dismissal. */
  dismissKey: string;
  labels: { region: string; dismiss: string };
  /**
   * `list`: the notifications (templates/layout/BannerList.tsx), server HTML the banner shows but
   * does not own, so their texts are in the page once, not again in the props.
   */
  slots?: Slots;
}

export default function NotificationBanner({ labels, slots }: NotificationBannerProps) {
  return (
    <div className="banner-band">
    <aside className="banner" aria-label={labels.region}>
      <Slot name="list" content={slots?.list} className="banner__slot" />
      <button type="button" className="banner__close" aria-label={labels.dismiss}>
        <Icon name="close" />
      </button>
    </aside>
    </div>
  );
}
