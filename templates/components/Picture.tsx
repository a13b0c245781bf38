// One CMS image as an <img> with intrinsic width/height (no layout shift), a srcset over the
// derivatives the CMS gave (card, hero, original) and lazy loading below the fold.
import type { Image, Picture as PictureData } from '../../site/model/content-types';

export type PictureVariant = 'card' | 'hero' | 'full';

interface Props {
  picture: PictureData;
  /** Which derivative is the default src: cards prefer the card size, heroes the wide one. */
  variant: PictureVariant;
  /** The sizes attribute; defaults per variant. */
  sizes?: string;
  /** Above the fold: load at once with high priority (the hero, the first cards). */
  eager?: boolean;
  className?: string;
  /** Decorative use next to a text that says the same (alt=""). */
  decorative?: boolean;
}

const DEFAULT_SIZES: Record<PictureVariant, string> = {
  card: '(max-width: 868px) 100vw, (max-width: 1200px) 50vw, 360px',
  hero: '100vw',
  full: '(max-width: 1120px) 100vw, 1120px',
};

function candidates(picture: PictureData): Image[] {
  const seen = new Set<number>();
  return [picture.card, picture.hero, picture]
    .filter((image): image is Image => image !== null)
    .sort((a, b) => a.width - b.width)
    .filter((image) => (seen.has(image.width) ? false : (seen.add(image.width), true)));
}

export function Picture({ picture, variant, sizes, eager = false, className, decorative = false }: Props) {
  const main = (variant === 'card' ? picture.card : variant === 'hero' ? picture.hero : null) ?? picture;
  const set = candidates(picture);
  return (
    <img
      className={className}
      src={main.src}
      srcSet={set.length > 1 ? set.map((image) => `${image.src} ${image.width}w`).join(', ') : undefined}
      sizes={set.length > 1 ? (sizes ?? DEFAULT_SIZES[variant]) : undefined}
      width={main.width}
      height={main.height}
      alt={decorative ? '' : picture.alt}
      loading={eager ? undefined : 'lazy'}
      fetchPriority={eager && variant === 'hero' ? 'high' : undefined}
      decoding="async"
    />
  );
}
