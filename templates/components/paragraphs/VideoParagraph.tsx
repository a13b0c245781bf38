// Paragraph "video": a remote video behind a click-to-load facade (no third-party embed before the
// click), or a self-hosted file.
import type { Paragraph } from '../../../site/model/content-types';
import { VideoFacade } from '../../widgets/VideoFacade';

export function VideoParagraph({ paragraph }: { paragraph: Extract<Paragraph, { kind: 'video' }> }) {
  if (!paragraph.video) return null;
  return (
    <section className="para para--video">
      {paragraph.title ? <h2>{paragraph.title}</h2> : null}
      <VideoFacade video={paragraph.video} />
    </section>
  );
}
