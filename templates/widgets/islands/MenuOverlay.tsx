// The full menu overlay: the toggle and the dialog around the server-rendered navigation
// (templates/layout/MenuNav.tsx), which it shows as a slot. This is its markup; opening, closing and
// loading the items from the menu page are a plain script in the entry
// (templates/client/menu-overlay.ts), so a first view needs no React. Behaviour with and without
// JavaScript: docs/menu.md.
import { Slot, type Slots } from './Slot';
import { Icon } from '../../components/Icon';

export interface MenuOverlayProps {
  /** The menu page: the toggle's link without JavaScript, and where the item lists come from. */
  href: string;
  labels: { open: string; close: string; title: string };
  /** `nav`: the menu's navigation. */
  slots?: Slots;
}

const OVERLAY_ID = 'menu';

export default function MenuOverlay({ href, labels, slots }: MenuOverlayProps) {
  return (
    <>
      <a className="menu-toggle" href={href} data-enhanced="" aria-controls={OVERLAY_ID} aria-expanded={false}>
        <span className="menu-toggle__bars" aria-hidden="true" />
        <span className="menu-toggle__label">{labels.open}</span>
      </a>
      <dialog id={OVERLAY_ID} className="menu-overlay" aria-labelledby="menu-title">
        <div className="menu-overlay__panel">
          <div className="menu-overlay__head">
            <p id="menu-title" className="menu-overlay__title">
              {labels.title}
            </p>
            <a className="menu-overlay__close" href="#top" data-enhanced="">
              <span>{labels.close}</span>
              <Icon name="close" />
            </a>
          </div>
          <Slot name="nav" content={slots?.nav} className="menu-overlay__slot" />
        </div>
      </dialog>
    </>
  );
}
