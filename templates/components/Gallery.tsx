// More images of an item: a grid of thumbnails, each opening the full image.
import type { Picture as PictureData } from '../../site/model/content-types';
import { Picture } from './Picture';

export function Gallery({ images, title }: { images: PictureData[]; title: string }) {
  if (images.length === 0) return null;
  return (
    <section className="gallery" aria-labelledby="gallery-title">
      <h2 id="gallery-title">{title}</h2>
      <ul className="gallery__grid">
        {images.map((image) => (
          <li key={image.src}>
            <a href={image.src}>
              <Picture picture={image} variant="card" sizes="(max-width: 868px) 50vw, 360px" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
