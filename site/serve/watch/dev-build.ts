// The build `watch` keeps in memory and updates incrementally: the generator, the render
// code and the fixtures as last imported, the config, the content connection with every answer
// cached (./cached-client), the hashed assets and the prepared content. apply() does only what a
// batch of changes needs — a template re-imports the render code; a locale file rebuilds the
// language's shared data; a fixture edit swaps the embedded backend's content in place and
// fetches only the lists it touched; CSS rebundles the stylesheet — computes the new state
// aside, and swaps it in when every step succeeded. A failed step leaves the last good state
// served and is retried with the next change.
import type { FixtureSet } from '../../cms/fixtures/types';
import type { ResolvedConfig } from '../../config/define-config';
import type { ConfigOverrides } from '../../config/resolve-config';
import type { ContentClient } from '../../content/client';
import type { PreparedSite } from '../../prepare-site';
import type { Assets } from '../../render/page-model';
import type { Reporter } from '../../reporter';
import { toBuildError } from './build-error';
import type { CachedClient } from '../../content/cached-client';
import { openContentSource, type ContentSource } from './content-source';
import type { ChangeKind, SourceGraph } from './change-kind';
import type { DevModules, Pipeline } from './dev-modules';
import { diffFixtures, isStale, type FixtureChange } from './fixture-diff';
import { indexPages } from '../page-lookup';
import type { PageStore, RenderFn } from './page-store';
import type { SitemapSync } from './sitemap-sync';
import type { NormalizeMemo } from '../../content/normalize-memo';

export interface DevBuildOptions {
  root: string;
  /** Absolute; replaced by the first build, as `build --out` does. */
  outDir: string;
  /** Absolute path of site.config.ts. */
  configFile: string;
  overrides: ConfigOverrides;
  /** Synthetic items added to the embedded backend (benchmarks). */
  extraItems?: number;
  log: (message: string) => void;
}

export interface DevState {
  pipeline: Pipeline;
  render: RenderFn;
  fixtures: FixtureSet | null;
  config: ResolvedConfig;
  assets: Assets;
  prepared: PreparedSite;
  graph: SourceGraph;
}

export interface Outcome {
  /** Only the stylesheet changed: the browser swaps it; anything else reloads. */
  event: { type: 'css'; href: string } | { type: 'reload' };
  /** What was done, with milliseconds, for the terminal. */
  steps: string[];
}

/** Content fetched (through the cache), routed, media local, shared data built. */
export function prepareContent(
  next: Pick<DevState, 'pipeline' | 'config' | 'assets'>,
  client: ContentClient,
  outDir: string,
  reporter: Reporter,
  memo: NormalizeMemo,
  sessionMediaDir: string | null,
  timings: Record<string, number> = {},
): Promise<PreparedSite> {
  return next.pipeline.prepareSite({ config: next.config, client, outDir, assets: next.assets, reporter, timings, warn: (message) => reporter.warn(message), memo, sessionMediaDir });
}

export class DevBuild {
  private failed = new Set<ChangeKind>();
  private sitemapWritten: Promise<void> = Promise.resolve();

  constructor(
    readonly options: DevBuildOptions,
    readonly modules: DevModules,
    readonly store: PageStore,
    public state: DevState,
    private source: ContentSource,
    readonly cache: CachedClient,
    readonly reporter: Reporter,
    private readonly sitemap: SitemapSync,
    private readonly memo: NormalizeMemo,
  ) {}

  /** Publishes a state: pages render from it on their next request. */
  publish(state: DevState): void {
    this.state = state;
    this.store.setState({ pages: state.prepared.pages, byHref: indexPages(state.prepared.pages), sites: state.prepared.sites, render: state.render });
  }

  async apply(requested: ReadonlySet<ChangeKind>): Promise<Outcome> {
    // Steps that failed last time run again: their output never made it into the state.
    const kinds = new Set([...this.failed, ...requested]);
    this.failed = kinds;
    const { outDir, root } = this.options;
    const before = this.state;
    const next: DevState = { ...before, graph: { ...before.graph } };
    const steps: string[] = [];
    const step = async <T>(stage: string, work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      try {
        return await work();
      } catch (error) {
        throw toBuildError(stage, error);
      } finally {
        steps.push(`${stage} ${Math.round(performance.now() - started)} ms`);
      }
    };

    const generator = kinds.has('pipeline') || kinds.has('backend');
    let prepare = generator;
    // A new content source (backend code or content settings changed): no answer is still valid.
    let reopen = kinds.has('backend');
    let fixtureChange: FixtureChange | null = null;
    // Normalized items made by other generator code, config or content source are not reused.
    if (generator || kinds.has('config')) this.memo.clear();
    if (generator) {
      const loaded = await step('generator', () => this.modules.pipeline());
      next.pipeline = loaded.module;
      next.graph.pipeline = loaded.inputs;
      // The templates import parts of the generator: take the same version.
      kinds.add('render');
    }
    if (kinds.has('config')) {
      const loaded = await step('config', async () => {
        const file = await next.pipeline.loadConfig({ configFile: this.options.configFile, cwd: root });
        return { config: next.pipeline.resolveConfig(file.config, this.options.overrides, process.env), dependencies: file.dependencies };
      });
      next.config = loaded.config;
      next.graph.config = new Set(loaded.dependencies);
      if (JSON.stringify(next.config.content) !== JSON.stringify(before.config.content)) reopen = true;
      prepare = true;
    }
    const embedded = !next.config.content.endpoint;
    if (embedded && (kinds.has('fixtures') || !next.fixtures)) {
      const loaded = await step('fixtures', () => this.modules.fixtures());
      next.fixtures = loaded.module;
      next.graph.fixtures = loaded.inputs;
      fixtureChange = before.fixtures ? diffFixtures(before.fixtures, loaded.module) : null;
      // A save without a change (a reformat, an undo) needs no new answers.
      if (!fixtureChange || fixtureChange.all || fixtureChange.types.size) prepare = true;
    }
    // The render code and the assets are independent: bundle them at the same time.
    const [rendered, stylesheet, client] = await Promise.all([
      kinds.has('render') ? step('templates', () => this.modules.render()) : null,
      kinds.has('styles') ? step('stylesheet', () => next.pipeline.bundleStyles(outDir)) : null,
      kinds.has('client') ? step('client script', () => next.pipeline.bundleClient({ outDir, minify: true })) : null,
      kinds.has('public') ? step('public files', () => next.pipeline.copyPublicFiles(outDir)) : null,
    ]);
    if (rendered) {
      next.render = rendered.module;
      next.graph.render = rendered.inputs;
    }
    next.assets = { stylesheet: stylesheet?.href ?? before.assets.stylesheet, script: client?.entry ?? before.assets.script, preload: client?.preload ?? before.assets.preload };
    const assetsChanged = JSON.stringify(next.assets) !== JSON.stringify(before.assets);

    // A media file keeps its URL when its bytes change: every answer and item that names it is stale.
    if (kinds.has('media') && !reopen) {
      this.cache.invalidate(() => true);
      this.memo.clear();
      await this.source.forgetMedia();
      prepare = true;
    }
    if (reopen) await step('content source', () => this.reopen(next));
    else if (prepare && fixtureChange && this.source.backend) {
      const change = fixtureChange;
      this.source.backend.replaceFixtures(next.fixtures!);
      this.cache.invalidate((operation, variables) => isStale(change, operation, variables));
    }
    if (prepare) {
      const timings: Record<string, number> = {};
      next.prepared = await step('content', () => prepareContent(next, this.cache.client, outDir, this.reporter, this.memo, this.source.mediaCacheDir, timings));
      steps.push(`(${Object.entries(timings).map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', ')})`);
    }
    else if (kinds.has('locales') || assetsChanged) next.prepared = await step(kinds.has('locales') ? 'locales' : 'assets', () => this.reshare(next, kinds.has('locales')));

    this.publish(next);
    this.failed = new Set();
    // After publishing: the page being waited for does not need it.
    if (prepare) {
      this.sitemapWritten = this.sitemap
        .update(next.pipeline, outDir, next.prepared.pages, next.config.siteUrl)
        .catch((error: unknown) => this.reporter.warn(`sitemap.xml not updated: ${(error as Error).message}`));
    }
    if (client) void this.modules.clientInputs().then((inputs) => (this.state.graph = { ...this.state.graph, client: inputs }), () => {});
    const cssOnly = [...kinds].every((kind) => kind === 'styles') && stylesheet !== null;
    return { event: cssOnly ? { type: 'css', href: next.assets.stylesheet } : { type: 'reload' }, steps };
  }

  /** A new content source (new backend code or content settings): every cached answer goes. */
  private async reopen(next: DevState): Promise<void> {
    const source = await openContentSource({ pipeline: next.pipeline, config: next.config, fixtures: next.fixtures, extraItems: this.options.extraItems, reporter: this.reporter });
    await this.source.close();
    this.source = source;
    this.cache.use(source.connection.client);
    this.cache.invalidate(() => true);
    this.memo.clear();
  }

  /** The languages' shared data again, with new UI strings or assets, from the content in memory. */
  private async reshare(next: DevState, messages: boolean): Promise<PreparedSite> {
    const { prepared } = this.state;
    const index = prepared.sites.values().next().value!.content;
    const data = { ...prepared.data, assets: next.assets, locales: new Map(prepared.data.locales) };
    if (messages) {
      for (const [locale, shared] of data.locales) {
        // The error names the file, line and column itself (site/render/locale-files.ts).
        const strings = await next.pipeline.loadMessages(locale);
        data.locales.set(locale, { ...shared, messages: strings, menu: next.pipeline.buildMenu(locale, prepared.content, index, strings, data.now) });
      }
    }
    const sites = next.pipeline.siteContexts(data, index);
    await next.pipeline.writeIslandSettings(this.options.outDir, sites);
    return { ...prepared, data, sites };
  }

  async close(): Promise<void> {
    this.store.stop();
    await this.sitemapWritten;
    await this.source.close();
    await this.modules.dispose();
  }
}
