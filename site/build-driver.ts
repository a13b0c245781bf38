// The build's driver context: the CMS's first questions sent ahead, the staging folder that
// replaces --out at the commit, the build cache the stages use, every warning listed for the
// summary, the heap kept tight until rendering when the previous output is not reused, and on
// failure or Ctrl-C everything stopped and the previous output left as it was.
import type { BuildResult } from './build-result';
import type { ResolvedConfig } from './config/define-config';
import { openBuildCache, type BuildCache } from './incremental/build-cache';
import { spreadBelow } from './output/spread-folders';
import { createStaging } from './output/staging';
import type { Reporter } from './reporter';
import { connectAhead, type EarlyConnection } from './stages/1-connect';
import { relaxHeap, tightenHeap } from './stages/heap';
import { runStage, stageContext, type Stage } from './stages/stage';

export interface BuildOptions {
  config: ResolvedConfig;
  outDir: string;
  reporter: Reporter;
  /** Decides which events are upcoming (default: now). */
  now?: Date;
  /** Stops the build (Ctrl-C): in-flight work is stopped and awaited, the output left as it was. */
  signal?: AbortSignal;
  /** Render every page, whatever the previous build recorded (--full). */
  full?: boolean;
}

export interface BuildRun {
  run<I, O>(stage: Stage<I, O>, input: I): Promise<O>;
  /** The connection to the configured CMS, its first requests on their way; for the connect stage. */
  early: EarlyConnection | undefined;
  cache: BuildCache;
  warnings: string[];
  timings: Record<string, number>;
}

export async function driveBuild(options: BuildOptions, stages: (build: BuildRun) => Promise<BuildResult>): Promise<BuildResult> {
  const { config, reporter, signal } = options;
  const warnings: string[] = [];
  const warn = (message: string) => (warnings.push(message), reporter.warn(message));
  // The CMS's first answers are asked for before the output folder is checked and the cache opened:
  // the CMS works on them while the disk is read. They only read; a wrong --out is still refused
  // before anything is written.
  const early = config.content.endpoint ? connectAhead(config, reporter) : undefined;
  const staging = await createStaging(options.outDir, { cacheDir: config.cacheDir, warn }).catch((error: unknown) => {
    early?.cancel();
    throw error;
  });
  const cache = await openBuildCache({ config, outDir: options.outDir, full: options.full, now: options.now, warn, info: (message) => reporter.info(message) }).catch(async (error: unknown) => {
    early?.cancel();
    await staging.abort();
    throw error;
  });
  const context = stageContext({ config, reporter, warn, outDir: staging.dir, staging, cache, now: options.now, signal });
  // A tight heap suits a build that fetches and downloads everything, making garbage while little
  // is live (./stages/heap). One that reuses the previous output reads what the last build kept,
  // which stays live to the end: there it would only collect the same objects more often. Such a
  // build also makes every folder of the output: the disk may spread them (./output/spread-folders).
  if (!cache.previousOut) {
    tightenHeap();
    spreadBelow(staging.dir);
  }
  try {
    const result = await stages({ run: (stage, input) => runStage(context, stage, input), early, cache, warnings, timings: context.timings });
    if (result.upToDate) await staging.abort();
    return result;
  } catch (error) {
    early?.cancel();
    await context.failed();
    await staging.abort();
    // Whatever failed while the build was being stopped, the stop is what happened.
    throw signal?.aborted ? signal.reason : error;
  } finally {
    relaxHeap();
    await context.ended();
  }
}
