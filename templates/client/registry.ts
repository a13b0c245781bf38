// Island name → the module that exports its widget (under that name, or as default). The layout's
// islands (chrome-islands.ts) are on every page, so they come with the entry itself: one file and
// one gzip stream instead of five, which the JS budget needs. Page widgets are split
// points: a page downloads one only when one of its islands hydrates. React's DOM client
// (hydrate.ts) is always a split point. Keys match ISLAND_COMPONENTS in
// templates/island-components.ts.
import type { ComponentType } from 'react';
import type { IslandName } from '../islands';
import * as chromeIslands from './chrome-islands';

type Loader = () => Promise<Record<string, unknown>>;
const chrome: Loader = () => Promise.resolve(chromeIslands);

export const ISLAND_LOADERS: Record<IslandName, Loader> = {
  BookingButton: chrome,
  CookieBar: chrome,
  MenuOverlay: chrome,
  NotificationBanner: chrome,
  FunctionRoomComparison: () => import('../widgets/islands/FunctionRoomComparison'),
  NewsletterForm: () => import('../widgets/islands/NewsletterForm'),
  SpaTreatmentFilter: () => import('../widgets/islands/SpaTreatmentFilter'),
  VideoFacade: () => import('../widgets/islands/VideoFacade'),
};

export type Widget = ComponentType<Record<string, unknown>>;
