// How the core tells what it is doing. The CLI decides how to show it (cli/reporter.ts: a progress
// bar on a terminal, plain lines in CI, only warnings with --quiet); tests pass a silent or recording one.
export interface Reporter {
  stage(name: string): void;
  progress(done: number, total: number): void;
  stageDone(name: string, ms: number, detail?: string): void;
  warn(message: string): void;
  info(message: string): void;
}

export const silentReporter: Reporter = {
  stage() {},
  progress() {},
  stageDone() {},
  warn() {},
  info() {},
};

/** Runs one named stage, timing it. */
export async function runStage<T>(reporter: Reporter, timings: Record<string, number>, name: string, work: () => Promise<T>, detail?: (value: T) => string): Promise<T> {
  reporter.stage(name);
  const start = performance.now();
  const value = await work();
  const ms = performance.now() - start;
  timings[name] = ms;
  reporter.stageDone(name, ms, detail?.(value));
  return value;
}
