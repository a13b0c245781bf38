// A decorative one-colour icon: the drawing lives in the stylesheet (templates/styles/icons.css),
// the page carries only this span. Icons never carry meaning on their own: the control or link
// they sit in has its text or aria-label.
export type IconName = 'logo' | 'close' | 'chevron-down' | 'cookie' | 'instagram' | 'facebook' | 'youtube' | 'linkedin' | 'pinterest' | 'tripadvisor' | 'link';

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <span className={className ? `icon icon--${name} ${className}` : `icon icon--${name}`} aria-hidden="true" />;
}
