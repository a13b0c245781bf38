// assets: the hashed stylesheet, the client bundle and the theme's public files, which every page
// links. A build takes them from the previous output when the same code made them; watch makes
// again only the parts a change touched.
import { writeAssets, type AssetPart, type BuiltAssets } from '../output/site-files';
import type { Stage } from './stage';

export type { AssetPart, BuiltAssets };

export interface AssetsInput {
  /** What exists already (watch): the parts not named in `only` are kept from it. */
  previous?: BuiltAssets;
  only?: ReadonlySet<AssetPart>;
}

export const assets: Stage<AssetsInput, BuiltAssets & { reused: boolean }> = {
  name: 'assets',
  shown: true,
  async run(context, input) {
    const kept = await context.cache?.keptAssets(context.outDir);
    if (kept) return { ...kept, reused: true };
    return { ...(await writeAssets(context.outDir, input.only, input.previous)), reused: false };
  },
  detail: (result) => (result.reused ? 'as the last build wrote them' : ''),
};
