// The second render thread of large builds (site/output/write-pages.ts): rebuilds the site
// contexts from the plain SiteData it was sent, renders its share of the pages and writes them.
import { parentPort, workerData } from 'node:worker_threads';
import { renderAndWrite, RenderStopped, type RenderJob } from '../output/write-pages';
import { siteContexts, type SiteData } from './site-data';

const { job, data, stop } = workerData as { job: RenderJob; data: SiteData; stop: Int32Array };
try {
  const result = await renderAndWrite(job, siteContexts(data), (done) => {
    if (done % 100 === 0) parentPort!.postMessage({ type: 'progress', done });
  }, () => Atomics.load(stop, 0) === 1);
  parentPort!.postMessage({ type: 'done', result });
} catch (error) {
  // Said as a message; renderAndWrite writes each page before the next, so none is left to land.
  parentPort!.postMessage({ type: 'failed', message: (error as Error).message, stack: (error as Error).stack, stopped: error instanceof RenderStopped });
}
