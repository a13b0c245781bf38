// Click-to-load facade for remote video and the stork camera's live stream: a poster
// with a play button. Nothing is requested from the video host before the click. The facade is a
// link to the video's own page, so it works without JavaScript; hydrated, the click swaps in the
// player (autoplaying, since the guest asked for it).
import { useEffect, useRef, useState, type MouseEvent } from 'react';

export interface VideoFacadeProps {
  /** The video's page at its host (the link without JavaScript). */
  url: string;
  /** Player URL for the iframe; null when the host has none (then the facade only links). */
  embedUrl: string | null;
  title: string;
  poster: { src: string; width: number; height: number } | null;
  labels: { play: string; notice: string };
}

function withAutoplay(embedUrl: string): string {
  const url = new URL(embedUrl, window.location.href);
  url.searchParams.set('autoplay', '1');
  return url.toString();
}

export default function VideoFacade({ url, embedUrl, title, poster, labels }: VideoFacadeProps) {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  const play = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!embedUrl || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setPlaying(true);
  };

  return (
    <div className="video-facade">
      {playing && embedUrl ? (
        <iframe
          ref={frame}
          className="video-facade__frame"
          src={withAutoplay(embedUrl)}
          title={title}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
        />
      ) : (
        <a className="video-facade__poster" href={url} data-enhanced="" onClick={play}>
          {poster ? (
            <img src={poster.src} width={poster.width} height={poster.height} alt="" loading="lazy" decoding="async" />
          ) : (
            <svg className="video-facade__art" viewBox="0 0 160 90" aria-hidden="true" focusable="false">
              <rect width="160" height="90" fill="#2f4a3a" />
              <path d="M0 70 Q40 58 80 66 T160 62 V90 H0Z" fill="#24392c" />
              <path d="M52 66V40h8v-6h6v6h8v-8l6-6 6 6v8h8v-6h6v6h8v26Z" fill="#3d5c49" />
            </svg>
          )}
          <span className="video-facade__play" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
          </span>
          <span className="video-facade__label">{labels.play}</span>
        </a>
      )}
      <p className="video-facade__note">{labels.notice}</p>
    </div>
  );
}
