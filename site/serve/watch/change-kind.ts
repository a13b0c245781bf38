// What a changed file means for `watch` (incremental rebuilds, docs/architecture.md). The bundles' own metafiles
// say which files the render code, the client script, the stylesheet, the fixtures and the
// generator consist of, so a file in two of them (an island widget: rendered on the server and
// hydrated in the browser) triggers both, and a helper no bundle uses triggers nothing. Pure.
import { relative, sep } from 'node:path';
import type { AssetPart } from '../../output/site-files';

export type ChangeKind =
  /** site.config.ts or a file it imports: reload the config, then everything. */
  | 'config'
  /** The generator (site/**): re-import it and prepare the content again. */
  | 'pipeline'
  /** The generator's CMS side changed (site/cms/**, the queries): its answers are stale too. */
  | 'backend'
  /** The embedded backend's fixture content: reload it, fetch what changed. */
  | 'fixtures'
  /** A file the embedded backend serves as media (site/cms/media): same URL, new bytes. */
  | 'media'
  /** Templates: re-import the render code, re-render without fetching. */
  | 'render'
  /** The client script: rebundle it. */
  | 'client'
  /** The stylesheet: rebundle it and swap it in the browser. */
  | 'styles'
  /** locales/*.json: new UI strings, re-render. */
  | 'locales'
  /** templates/public: copy the theme's static files. */
  | 'public'
  /** The server of `watch` itself (site/serve, cli): needs a restart. */
  | 'restart';

/** The stages watch runs again, in order: each runs when an earlier one did. Pages render on request. */
export const WATCH_STAGES = ['connect', 'fetch', 'site data', 'render'] as const;
export type WatchStage = (typeof WATCH_STAGES)[number];

/**
 * What each kind of change makes watch do: the first stage to run again (null: none), and the
 * assets to make again first. The code a kind names is imported afresh before that (./dev-build).
 */
export const REBUILD: Record<ChangeKind, { from: WatchStage | null; assets?: AssetPart }> = {
  // A config whose content settings changed connects again (./dev-build).
  config: { from: 'fetch' },
  pipeline: { from: 'fetch' },
  backend: { from: 'connect' },
  fixtures: { from: 'fetch' },
  media: { from: 'fetch' },
  render: { from: 'render' },
  // New asset names (not every save makes them) run site data again (./dev-build).
  client: { from: 'render', assets: 'client' },
  styles: { from: 'render', assets: 'styles' },
  public: { from: 'render', assets: 'public' },
  locales: { from: 'site data' },
  restart: { from: null },
};

/**
 * Files each bundle consists of (absolute paths), from the esbuild metafiles. The stylesheet is
 * every .css file under templates/ and the icons it inlines: one import more or less is not worth
 * a metafile.
 */
export interface SourceGraph {
  config: ReadonlySet<string>;
  pipeline: ReadonlySet<string>;
  fixtures: ReadonlySet<string>;
  render: ReadonlySet<string>;
  client: ReadonlySet<string>;
}

export function classifyChange(file: string, root: string, graph: SourceGraph): Set<ChangeKind> {
  const kinds = new Set<ChangeKind>();
  const path = relative(root, file).split(sep).join('/');
  const under = (folder: string) => path.startsWith(`${folder}/`);

  if (graph.config.has(file)) kinds.add('config');
  if (under('locales') && path.endsWith('.json')) kinds.add('locales');
  if (under('templates/public')) kinds.add('public');
  if (under('site/serve') || under('cli')) kinds.add('restart');
  else if (under('site/cms/media')) kinds.add('media');
  else if (graph.fixtures.has(file) || under('site/cms/fixtures')) kinds.add('fixtures');
  else if (under('site/cms') || under('site/content/queries')) kinds.add('backend');
  else if (graph.pipeline.has(file) || (under('site') && /\.(ts|tsx|graphql)$/.test(path))) kinds.add('pipeline');
  if (graph.render.has(file)) kinds.add('render');
  if (graph.client.has(file)) kinds.add('client');
  if (under('templates') && !under('templates/public') && path.endsWith('.css')) kinds.add('styles');
  // The icons are drawn by the stylesheet (templates/styles/icons.css).
  if (under('templates/styles/icons') && path.endsWith('.svg')) kinds.add('styles');
  // Any other file no bundle knows (a new component not imported yet) changes nothing: whatever
  // starts importing it is saved too, and triggers the rebuild.
  return kinds;
}
