// Click-to-load video for the video paragraph and the stork camera: remote videos get the facade
// island (nothing from the host before the click); self-hosted files play in a plain <video>.
import type { FileVideo, Image, RemoteVideo } from '../../site/model/content-types';
import { Island } from '../islands';
import { useT } from '../site-context';

type Props =
  | { video: RemoteVideo | FileVideo; poster?: Image | null }
  | { url: string; embedUrl?: string | null; title: string; poster: Image | null };

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

export function VideoFacade(props: Props) {
  const t = useT();
  const poster = props.poster ?? null;
  if ('video' in props && props.video.kind === 'file') {
    const video = props.video;
    return (
      <video className="video-file" controls preload="none" src={video.src} width={video.width ?? undefined} height={video.height ?? undefined} poster={poster?.src}>
        <a href={video.src}>{video.title}</a>
      </video>
    );
  }
  const remote = 'video' in props ? (props.video as RemoteVideo) : { url: props.url, embedUrl: props.embedUrl ?? null, title: props.title };
  const host = hostOf(remote.embedUrl ?? remote.url) ?? t('video.hostFallback');
  return (
    <Island
      name="VideoFacade"
      hydrate="interaction"
      props={{
        url: remote.url,
        embedUrl: remote.embedUrl,
        title: remote.title,
        poster: poster ? { src: poster.src, width: poster.width, height: poster.height } : null,
        labels: { play: t('video.play', { title: remote.title }), notice: t('video.notice', { host }) },
      }}
    />
  );
}
