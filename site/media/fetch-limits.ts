// The limits one media file is fetched under (docs/media.md): a deadline over the whole response
// including its body (a 1 byte/s body ends at the deadline), a timeout for the answer's headers,
// and a size cap counted on the decoded bytes (a gzip bomb stops at the cap, not at 1 GiB).
import type { ResponseHeaders } from './fetch-file';
import { FileProblem } from './fetch-problems';

export interface FetchLimits {
  /** Largest decoded body. */
  maxBytes: number;
  /** The whole response, headers and body, must be in by then. */
  deadlineMs: number;
  /** The response's headers must arrive within this. */
  headersTimeoutMs: number;
}

/** The reason a file past its deadline stops. */
const DEADLINE = Symbol('deadline');

/**
 * One file's stop: its deadline, or the stage's signal. Not an AbortController: node's AbortSignal
 * is an EventTarget, and making one per file costs more than the file's own timer and listener.
 */
export class Stop {
  /** Why it stopped; undefined while it runs. */
  reason: unknown = undefined;
  stopped = false;
  private listeners: ((reason: unknown) => void)[] | null = null;

  /** Calls `then` when the file stops, at once if it has. */
  onStop(then: (reason: unknown) => void): void {
    if (this.stopped) then(this.reason);
    else (this.listeners ??= []).push(then);
  }

  stop(reason: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    this.reason = reason;
    const listeners = this.listeners;
    this.listeners = null;
    for (const listener of listeners ?? []) listener(reason);
  }
}

/** Runs `work` with a stop that comes at the deadline or with `outer`; past the deadline the file is left out. */
export async function withinDeadline<T>(limits: FetchLimits, outer: AbortSignal, work: (stop: Stop) => Promise<T>): Promise<T> {
  const stop = new Stop();
  const timer = setTimeout(() => stop.stop(DEADLINE), limits.deadlineMs);
  const onOuter = () => stop.stop(outer.reason);
  if (outer.aborted) onOuter();
  else outer.addEventListener('abort', onOuter, { once: true });
  try {
    return await work(stop);
  } catch (error) {
    if (outer.aborted) throw outer.reason ?? error;
    if (stop.reason === DEADLINE) throw new FileProblem(`not complete within ${limits.deadlineMs / 1000} s`);
    throw error;
  } finally {
    clearTimeout(timer);
    outer.removeEventListener('abort', onOuter);
  }
}

/** A body whose declared length is over the cap is refused before it is read (unless encoded: the cap counts decoded bytes). */
export function declaredTooLarge(headers: ResponseHeaders, limits: FetchLimits): boolean {
  const declared = Number(headers.get('content-length'));
  return !headers.get('content-encoding') && Number.isFinite(declared) && declared > limits.maxBytes;
}

export function tooLarge(max: number): string {
  return `larger than the limit of ${formatBytes(max)} (content.maxMediaBytes)`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
