// Island name → how the client brings it to life. Two kinds:
// - `enhance`: plain handlers on the server markup, bundled into the entry. The layout's islands
//   (cookie bar, menu overlay, notification banner) are on every page and a first view needs them,
//   so they never wait for React.
// - `load`: a widget React hydrates, a split point. Its chunk and React's DOM client (hydrate.ts)
//   download only when its trigger fires — for most, when a guest uses it. `now` says when the
//   page's URL already asks for a state only the widget can show, so it hydrates at once.
//   `prepare` starts, beside React's download, what the widget will need first (with its props).
// Keys match ISLAND_COMPONENTS in templates/island-components.ts.
import type { ComponentType } from 'react';
import type { IslandName } from '../islands';
import { loadBookingScript } from '../widgets/islands/booking-loader';
import { enhanceCookieBar } from './cookie-bar';
import { enhanceMenuOverlay } from './menu-overlay';
import { enhanceNotificationBanner } from './notification-banner';

export type Widget = ComponentType<Record<string, unknown>>;

/**
 * Attaches an island's behaviour to its server markup. `own` is the page's props (data-props);
 * `shared` fetches its language's shared props (templates/island-settings.ts) when it needs them.
 */
export type Enhancer = (container: HTMLElement, own: Record<string, unknown>, shared: () => Promise<Record<string, unknown>>) => void;

export type IslandClient =
  | { enhance: Enhancer }
  | { load: () => Promise<Record<string, unknown>>; now?: () => boolean; prepare?: (props: Record<string, unknown>) => void };

const hasQuery = (name: string) => () => new URLSearchParams(window.location.search).has(name);

export const ISLAND_CLIENTS: Record<IslandName, IslandClient> = {
  CookieBar: { enhance: enhanceCookieBar },
  MenuOverlay: { enhance: enhanceMenuOverlay },
  NotificationBanner: { enhance: enhanceNotificationBanner },
  // The provider's script loads on the first intent, as the hydrated button's own preload does.
  BookingButton: {
    load: () => import('../widgets/islands/BookingButton'),
    prepare: (props) => void loadBookingScript(String(props.scriptUrl)).catch(() => undefined),
  },
  FunctionRoomComparison: { load: () => import('../widgets/islands/FunctionRoomComparison') },
  // ?email= from the footer's field: the widget fills it in.
  NewsletterForm: { load: () => import('../widgets/islands/NewsletterForm'), now: hasQuery('email') },
  // ?category= preselects a category: the widget hides the other cards.
  SpaTreatmentFilter: { load: () => import('../widgets/islands/SpaTreatmentFilter'), now: hasQuery('category') },
  VideoFacade: { load: () => import('../widgets/islands/VideoFacade') },
};
