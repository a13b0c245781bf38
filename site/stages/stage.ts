// What every stage is, and what a driver (build, preview, watch) hands each stage it runs: the
// stages are the same functions for all three; the context says where their output goes and what
// the driver keeps between runs.
import type { ResolvedConfig } from '../config/define-config';
import type { NormalizeMemo } from '../content/normalize-memo';
import type { BuildCache } from '../incremental/build-cache';
import type { WrittenUrlset } from '../output/sitemap';
import type { Staging } from '../output/staging';
import { runStage as timeStage, type Reporter } from '../reporter';

export interface StageContext {
  config: ResolvedConfig;
  reporter: Reporter;
  /** Every warning goes through here: a build lists them all, preview and watch say each once. */
  warn(message: string): void;
  /** Milliseconds per shown stage, for the summary. */
  timings: Record<string, number>;
  /** Where output goes: a build's staging folder, the preview's work folder, watch's staging and then output folder. */
  outDir: string;
  /** The staging folder that replaces the output folder at the commit (build, watch's first build). */
  staging: Staging | null;
  /** What a build keeps between runs into the same --out; null for preview and watch. */
  cache: BuildCache | null;
  /** What one process reuses between runs into the same folder (preview, watch); null for a build. */
  memo: DriverMemo | null;
  /** Without an endpoint: the folder that keeps the embedded backend's media for a session (watch). */
  sessionMediaDir: string | null;
  /** Decides which events are upcoming (default: now). */
  now?: Date;
  /** The preview's draft view: latest revisions, drafts included (docs/drafts.md). Never set by build or watch. */
  drafts?: boolean;
  /** Stops the run (Ctrl-C): in-flight work is stopped and awaited. */
  signal?: AbortSignal;
  /** Work a stage left running for a later one (media downloads): stopped when a stage fails. */
  onFailure(stop: () => Promise<void>): void;
  /** What a stage opened for the driver's whole run (the content connection): closed at its end. */
  onEnd(close: () => Promise<void>): void;
}

/** Kept by a driver between runs: normalized items, and what the extras stage last wrote. */
export interface DriverMemo {
  normalize: NormalizeMemo;
  /**
   * The sitemap as last written: the key of its entries (a text edit changes no URL: nothing to
   * write) and its urlset, whose unchanged elements the next write takes.
   */
  sitemap: { key: string; urlset: WrittenUrlset | null } | null;
}

export interface Stage<I, O> {
  name: string;
  /** Timed and shown on its own line of progress and in the summary's stage timings. */
  shown: boolean;
  run(context: StageContext, input: I): Promise<O>;
  /** What the progress line says when the stage is done. */
  detail?(output: O, input: I): string;
}

/** Runs one stage: stopped before it starts when the run was stopped, timed when shown. */
export async function runStage<I, O>(context: StageContext, stage: Stage<I, O>, input: I): Promise<O> {
  context.signal?.throwIfAborted();
  if (!stage.shown) return stage.run(context, input);
  return timeStage(context.reporter, context.timings, stage.name, () => stage.run(context, input), stage.detail && ((output) => stage.detail!(output, input)));
}

export type ContextOptions = Omit<StageContext, 'onFailure' | 'onEnd' | 'timings' | 'staging' | 'cache' | 'memo' | 'sessionMediaDir'> &
  Partial<Pick<StageContext, 'timings' | 'staging' | 'cache' | 'memo' | 'sessionMediaDir'>>;

export interface DriverContext extends StageContext {
  /** After a failed stage: stops what the stages left running. */
  failed(): Promise<void>;
  /** The driver's run is over: closes what the stages opened for it. */
  ended(): Promise<void>;
}

export function stageContext(options: ContextOptions): DriverContext {
  const stops: (() => Promise<void>)[] = [];
  const closes: (() => Promise<void>)[] = [];
  return {
    timings: {}, staging: null, cache: null, memo: null, sessionMediaDir: null, ...options,
    onFailure: (stop) => void stops.push(stop),
    onEnd: (close) => void closes.push(close),
    failed: async () => void (await Promise.all(stops.splice(0).map((stop) => stop()))),
    ended: async () => {
      for (const close of closes.splice(0).reverse()) await close();
    },
  };
}

/** A warn function that says each distinct message once, however often the stages run again. */
export function sayOnce(say: (message: string) => void): (message: string) => void {
  const said = new Set<string>();
  return (message) => {
    if (!said.has(message)) say(message);
    said.add(message);
  };
}
