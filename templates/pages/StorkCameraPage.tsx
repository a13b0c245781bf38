// The live stork camera: the stream (the CMS node's video block) behind a click-to-load facade
// showing a still image — nothing of the stream host loads before the guest asks for it.
import type { Paragraph } from '../../site/model/content-types';
import { Hero } from '../components/Hero';
import { Paragraphs } from '../components/Paragraphs';
import { Picture } from '../components/Picture';
import { Prose } from '../components/Prose';
import { usePage, useT } from '../site-context';
import { VideoFacade } from '../widgets/VideoFacade';
import { useCrumbs } from './crumbs';

type VideoParagraph = Extract<Paragraph, { kind: 'video' }>;

export function StorkCameraPage() {
  const page = usePage();
  const t = useT();
  const item = page.item;
  const stream = item?.paragraphs.find((p): p is VideoParagraph => p.kind === 'video' && p.video !== null) ?? null;
  const still = item?.images[0] ?? null;
  const rest = item?.paragraphs.filter((p) => p !== stream) ?? [];
  return (
    <>
      <Hero title={item?.title ?? t('routes.storchenkamera')} lead={item?.teaser} crumbs={useCrumbs()} crumbsLabel={t('pages.breadcrumb')} />
      <div className="row">
        <section className="stork-cam" aria-labelledby="cam-title">
          <h2 id="cam-title" className="stork-cam__title">
            <span className="live-dot" aria-hidden="true" />
            {stream?.title ?? t('pages.storkCamera.live')}
          </h2>
          {stream?.video ? (
            <VideoFacade video={stream.video} poster={still} />
          ) : still ? (
            <figure className="stork-cam__still">
              <Picture picture={still} variant="full" eager />
              <figcaption>{t('pages.storkCamera.offline')}</figcaption>
            </figure>
          ) : (
            <p className="note">{t('pages.storkCamera.offline')}</p>
          )}
        </section>
      </div>
      <div className="row row--narrow">
        <Prose html={item?.body ?? null} />
      </div>
      <div className="row">
        <Paragraphs paragraphs={rest} />
      </div>
    </>
  );
}
