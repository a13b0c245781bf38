// Build progress for people and for logs: a redrawn progress bar on a terminal; plain lines when
// the output is not a TTY (CI) or with --quiet.
import type { Reporter } from '../site/reporter';

const BAR = 24;

export function createReporter(options: { quiet: boolean; stream?: NodeJS.WriteStream }): Reporter {
  const stream = options.stream ?? process.stderr;
  const live = Boolean(stream.isTTY) && !options.quiet && !process.env.CI;
  let current = '';
  let lastDraw = 0;
  const clear = () => {
    if (live) stream.write('\r\x1b[2K');
  };
  return {
    stage(name) {
      current = name;
      if (live) stream.write(`${name}…`);
    },
    progress(done, total) {
      if (!live || total <= 0) return;
      const now = Date.now();
      if (now - lastDraw < 50 && done < total) return;
      lastDraw = now;
      const filled = Math.round((done / total) * BAR);
      clear();
      stream.write(`${current.padEnd(7)} [${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${done}/${total}`);
    },
    stageDone(name, ms, detail) {
      clear();
      stream.write(`${name.padEnd(7)} ${(ms / 1000).toFixed(2)} s${detail ? `  ${detail}` : ''}\n`);
    },
    warn(message) {
      clear();
      stream.write(`warning: ${message}\n`);
    },
    info(message) {
      if (options.quiet) return;
      clear();
      stream.write(`${message}\n`);
    },
  };
}
