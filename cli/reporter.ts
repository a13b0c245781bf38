// Build progress for people and for logs: a redrawn progress bar with percentage and time left on
// a terminal; plain lines when the output is not a TTY (CI); with --quiet only warnings (errors
// and the one-line result are printed by the CLI). Colour follows cli/terminal-style.ts.
import type { Reporter } from '../site/reporter';
import type { Style } from './terminal-style';

const BAR = 24;
/** Too early to guess the time left from the pace so far. */
const ETA_AFTER_MS = 500;

function seconds(ms: number): string {
  return ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** "[######------------------]  25%  120/480  ETA 3.1 s" */
export function progressLine(stage: string, done: number, total: number, elapsedMs: number): string {
  const share = Math.min(1, done / total);
  const filled = Math.round(share * BAR);
  const eta = done > 0 && done < total && elapsedMs >= ETA_AFTER_MS ? `  ETA ${seconds((elapsedMs / done) * (total - done))}` : '';
  return `${stage.padEnd(7)} [${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${`${Math.floor(share * 100)}%`.padStart(4)}  ${done}/${total}${eta}`;
}

export function createReporter(options: { quiet: boolean; style: Style; stream?: NodeJS.WriteStream }): Reporter {
  const { style } = options;
  const stream = options.stream ?? process.stderr;
  const live = Boolean(stream.isTTY) && !options.quiet && !process.env.CI;
  let current = '';
  let stageStarted = 0;
  let lastDraw = 0;
  const clear = () => {
    if (live) stream.write('\r\x1b[2K');
  };
  return {
    stage(name) {
      current = name;
      stageStarted = Date.now();
      if (live) stream.write(`${name}…`);
    },
    progress(done, total) {
      if (!live || total <= 0) return;
      const now = Date.now();
      if (now - lastDraw < 50 && done < total) return;
      lastDraw = now;
      clear();
      stream.write(progressLine(current, done, total, now - stageStarted));
    },
    stageDone(name, ms, detail) {
      if (options.quiet) return;
      clear();
      stream.write(`${name.padEnd(7)} ${style.dim(`${(ms / 1000).toFixed(2)} s`)}${detail ? `  ${detail}` : ''}\n`);
    },
    warn(message) {
      clear();
      stream.write(`${style.warning('warning:')} ${message}\n`);
    },
    info(message) {
      if (options.quiet) return;
      clear();
      stream.write(`${message}\n`);
    },
  };
}
