// The second render thread of large builds (site/output/write-pages.ts): rebuilds the site
// contexts from the plain SiteData it was sent, renders its share of the pages and writes them.
import { parentPort, workerData } from 'node:worker_threads';
import { renderAndWrite, type RenderJob } from '../output/write-pages';
import { siteContexts, type SiteData } from './site-data';

const { job, data } = workerData as { job: RenderJob; data: SiteData };
const result = await renderAndWrite(job, siteContexts(data), (done) => {
  if (done % 100 === 0) parentPort!.postMessage({ type: 'progress', done });
});
parentPort!.postMessage({ type: 'done', result });
