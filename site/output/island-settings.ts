// Writes each language's island settings file (templates/island-settings.ts) where the pages
// expect it: <dir>/assets/islands.<locale>.<hash>.json. Every driver that prepares the site's
// shared data calls this with the same contexts the pages are rendered from.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locale } from '../model/content-types';
import type { SiteContext } from '../model/page-model';
import { islandSettingsFile } from '../../templates/island-settings';

export async function writeIslandSettings(dir: string, sites: ReadonlyMap<Locale, SiteContext>): Promise<void> {
  await mkdir(join(dir, 'assets'), { recursive: true });
  await Promise.all([...sites.values()].map((site) => {
    const file = islandSettingsFile(site);
    return writeFile(join(dir, ...file.href.split('/')), file.json);
  }));
}
