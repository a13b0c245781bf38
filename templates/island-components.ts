// The islands by name: the server renders these components, the client's registry
// (templates/client/registry.ts) brings the same names to life.
import type { ComponentProps } from 'react';
import BookingButton from './widgets/islands/BookingButton';
import CookieBar from './widgets/islands/CookieBar';
import FunctionRoomComparison from './widgets/islands/FunctionRoomComparison';
import MenuOverlay from './widgets/islands/MenuOverlay';
import NewsletterForm from './widgets/islands/NewsletterForm';
import NotificationBanner from './widgets/islands/NotificationBanner';
import SpaTreatmentFilter from './widgets/islands/SpaTreatmentFilter';
import VideoFacade from './widgets/islands/VideoFacade';

/** Server-side table of the islands; the client's registry has the same keys (a unit test checks). */
export const ISLAND_COMPONENTS = {
  BookingButton,
  CookieBar,
  FunctionRoomComparison,
  MenuOverlay,
  NewsletterForm,
  NotificationBanner,
  SpaTreatmentFilter,
  VideoFacade,
};

export type IslandName = keyof typeof ISLAND_COMPONENTS;
export type IslandProps<N extends IslandName> = ComponentProps<(typeof ISLAND_COMPONENTS)[N]>;
