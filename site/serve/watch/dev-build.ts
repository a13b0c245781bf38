// The build `watch` keeps in memory and updates incrementally: the generator, the render code and
// the fixtures as last imported, the config, the content connection with every answer cached
// (../../content/cached-client), the assets and the prepared content. apply() looks up in one
// table (./change-kind, REBUILD) the first stage each change needs again, imports afresh the code
// that changed, runs the same stages a build runs from there on, computing the new state aside,
// and swaps it in when every step succeeded. A failed step leaves the last good state served and
// is retried with the next change.
import type { FixtureSet } from '../../cms/fixtures/types';
import type { ResolvedConfig } from '../../config/define-config';
import type { ConfigOverrides } from '../../config/resolve-config';
import type { AssetPart } from '../../output/site-files';
import type { Reporter } from '../../reporter';
import type { BuiltAssets, DriverMemo, PreparedSite } from './pipeline-entry';
import { toBuildError } from './build-error';
import type { CachedClient } from '../../content/cached-client';
import { openContentSource, type ContentSource } from './content-source';
import { REBUILD, WATCH_STAGES, type ChangeKind, type SourceGraph, type WatchStage } from './change-kind';
import type { DevModules, Pipeline } from './dev-modules';
import { diffFixtures, isStale, type FixtureChange } from './fixture-diff';
import { indexPages } from '../page-lookup';
import type { PageStore, RenderFn } from './page-store';

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
  assets: BuiltAssets;
  prepared: PreparedSite;
  graph: SourceGraph;
}

export interface Outcome {
  /** Only the stylesheet changed: the browser swaps it; anything else reloads. */
  event: { type: 'css'; href: string } | { type: 'reload' };
  /** What was done, with milliseconds, for the terminal. */
  steps: string[];
}

const order = (stage: WatchStage) => WATCH_STAGES.indexOf(stage);

/** One apply(): the kinds of change, the state before, the state being made, the steps done. */
interface Run {
  kinds: Set<ChangeKind>;
  before: DevState;
  next: DevState;
  steps: string[];
}

/** A named step of a rebuild: timed for the terminal, its error named after it. */
async function step<T>(run: Run, name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } catch (error) {
    throw toBuildError(name, error);
  } finally {
    run.steps.push(`${name} ${Math.round(performance.now() - started)} ms`);
  }
}

export class DevBuild {
  private failed = new Set<ChangeKind>();
  private extrasWritten: Promise<void> = Promise.resolve();

  constructor(
    readonly options: DevBuildOptions,
    readonly modules: DevModules,
    readonly store: PageStore,
    public state: DevState,
    private source: ContentSource,
    readonly cache: CachedClient,
    readonly reporter: Reporter,
    private readonly memo: DriverMemo,
  ) {}

  /** The driver context of one run of stages into the output folder, with the state's generator and config. */
  private context({ pipeline, config }: Pick<DevState, 'pipeline' | 'config'>) {
    const { reporter } = this;
    return pipeline.stageContext({ config, reporter, warn: (message) => reporter.warn(message), outDir: this.options.outDir, memo: this.memo, sessionMediaDir: this.source.mediaCacheDir });
  }

  /** Publishes a state: pages render from it on their next request. */
  publish(state: DevState): void {
    this.state = state;
    this.store.setState({ pages: state.prepared.pages, byHref: indexPages(state.prepared.pages), sites: state.prepared.sites, render: state.render });
  }

  async apply(requested: ReadonlySet<ChangeKind>): Promise<Outcome> {
    // Steps that failed last time run again: their output never made it into the state.
    const kinds = new Set([...this.failed, ...requested]);
    this.failed = kinds;
    const before = this.state;
    const run: Run = { kinds, before, next: { ...before, graph: { ...before.graph } }, steps: [] };
    const { next } = run;
    const reloaded = await this.reload(run);
    let from = Math.min(reloaded.connect ? order('connect') : WATCH_STAGES.length, ...[...reloaded.planned].map((kind) => REBUILD[kind].from).filter((stage) => stage !== null).map(order));
    const parts = new Set([...kinds].map((kind) => REBUILD[kind].assets).filter((part): part is AssetPart => part !== undefined));
    // The render code and the assets are independent: make them at the same time.
    const [rendered, assets] = await Promise.all([
      kinds.has('render') ? step(run, 'templates', () => this.modules.render()) : null,
      parts.size ? step(run, [...parts].join(', '), () => next.pipeline.runStage(this.context(next), next.pipeline.assets, { previous: before.assets, only: parts })) : null,
    ]);
    if (rendered) {
      next.render = rendered.module;
      next.graph.render = rendered.inputs;
    }
    if (assets) next.assets = assets;
    if (JSON.stringify(next.assets.assets) !== JSON.stringify(before.assets.assets)) from = Math.min(from, order('site data'));
    await this.rerun(run, from, reloaded.fixtureChange);

    this.publish(next);
    this.failed = new Set();
    // After publishing, one write at a time: the page being waited for does not need them.
    if (from <= order('fetch')) {
      this.extrasWritten = this.extrasWritten
        .then(async () => void (await next.pipeline.runStage(this.context(next), next.pipeline.extras, { pages: next.prepared.pages })))
        .catch((error: unknown) => this.reporter.warn(`sitemap.xml not updated: ${(error as Error).message}`));
    }
    if (parts.has('client')) void this.modules.clientInputs().then((inputs) => (this.state.graph = { ...this.state.graph, client: inputs }), () => {});
    const cssOnly = [...kinds].every((kind) => kind === 'styles') && assets !== null;
    return { event: cssOnly ? { type: 'css', href: next.assets.assets.stylesheet } : { type: 'reload' }, steps: run.steps };
  }

  /**
   * Imports afresh what changed (generator, config, fixtures). Returns the kinds that still call
   * for a stage (a fixture save without a change does not), whether to connect again, and what of
   * the fixtures changed.
   */
  private async reload(run: Run): Promise<{ planned: Set<ChangeKind>; connect: boolean; fixtureChange: FixtureChange | null }> {
    const { kinds, before, next } = run;
    let connect = false;
    if (kinds.has('pipeline') || kinds.has('backend')) {
      const loaded = await step(run, 'generator', () => this.modules.pipeline());
      next.pipeline = loaded.module;
      next.graph.pipeline = loaded.inputs;
      // The templates import parts of the generator: take the same version.
      kinds.add('render');
    }
    if (kinds.has('config')) {
      const loaded = await step(run, 'config', async () => {
        const file = await next.pipeline.loadConfig({ configFile: this.options.configFile, cwd: this.options.root });
        return { config: next.pipeline.resolveConfig(file.config, this.options.overrides, process.env), dependencies: file.dependencies };
      });
      next.config = loaded.config;
      next.graph.config = new Set(loaded.dependencies);
      connect = JSON.stringify(next.config.content) !== JSON.stringify(before.config.content);
    }
    // Normalized items made by other generator code, config or media files are not reused.
    if (kinds.has('pipeline') || kinds.has('backend') || kinds.has('config') || kinds.has('media')) this.memo.normalize.clear();
    const planned = new Set(kinds);
    let fixtureChange: FixtureChange | null = null;
    if (!next.config.content.endpoint && (kinds.has('fixtures') || !next.fixtures)) {
      const loaded = await step(run, 'fixtures', () => this.modules.fixtures());
      next.fixtures = loaded.module;
      next.graph.fixtures = loaded.inputs;
      fixtureChange = before.fixtures ? diffFixtures(before.fixtures, loaded.module) : null;
      // A save without a change (a reformat, an undo) needs no new answers.
      if (fixtureChange && !fixtureChange.all && !fixtureChange.types.size) planned.delete('fixtures');
      else planned.add('fixtures');
    }
    return { planned, connect, fixtureChange };
  }

  /** Runs the stages from `from` on: content through the cached answers still valid, or site data alone. */
  private async rerun(run: Run, from: number, fixtureChange: FixtureChange | null): Promise<void> {
    const { kinds, next } = run;
    // A media file keeps its URL when its bytes change: every answer and item that names it is stale.
    if (kinds.has('media') && from > order('connect')) {
      this.cache.invalidate(() => true);
      await this.source.forgetMedia();
    }
    if (from <= order('connect')) await step(run, 'content source', () => this.reopen(next));
    else if (from <= order('fetch') && fixtureChange && this.source.backend) {
      this.source.backend.replaceFixtures(next.fixtures!);
      this.cache.invalidate((operation, variables) => isStale(fixtureChange, operation, variables));
    }
    if (from <= order('fetch')) {
      const context = this.context(next);
      next.prepared = await step(run, 'content', () => next.pipeline.prepareSite(context, { client: this.cache.client, assets: next.assets.assets }));
      run.steps.push(`(${Object.entries(context.timings).map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', ')})`);
    } else if (from <= order('site data')) {
      const { prepared } = this.state;
      const input = { content: prepared.content, routes: prepared.routes, media: { stats: prepared.media, adoption: prepared.mediaAdoption }, assets: next.assets.assets };
      next.prepared = await step(run, kinds.has('locales') ? 'locales' : 'assets', () => next.pipeline.runStage(this.context(next), next.pipeline.siteData, input));
    }
  }

  /** A new content source (new backend code or content settings): every cached answer goes. */
  private async reopen(next: DevState): Promise<void> {
    const source = await openContentSource({ pipeline: next.pipeline, config: next.config, fixtures: next.fixtures, extraItems: this.options.extraItems, reporter: this.reporter });
    await this.source.close();
    this.source = source;
    this.cache.use(source.connection.client);
    this.cache.invalidate(() => true);
    this.memo.normalize.clear();
  }

  async close(): Promise<void> {
    this.store.stop();
    await this.extrasWritten;
    await this.source.close();
    await this.modules.dispose();
  }
}
