// Whether a folder holds a site `hotel-site build` wrote: every build writes the root index.html
// (sending visitors to the default language) and sitemap.xml (README, "How a build works").
import { stat } from 'node:fs/promises';
import { join } from 'node:path';

export const BUILT_SITE_MARKERS = ['index.html', 'sitemap.xml'] as const;

export async function isBuiltSite(dir: string): Promise<boolean> {
  const found = await Promise.all(BUILT_SITE_MARKERS.map((name) => stat(join(dir, name)).then((entry) => entry.isFile(), () => false)));
  return found.every(Boolean);
}
