// The islands of the layout, on nearly every page: bundled into the entry (see registry.ts).
export { default as BookingButton } from '../widgets/islands/BookingButton';
export { default as CookieBar } from '../widgets/islands/CookieBar';
export { default as MenuOverlay } from '../widgets/islands/MenuOverlay';
export { default as NotificationBanner } from '../widgets/islands/NotificationBanner';
