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

/** The abort reason of a file past its deadline. */
const DEADLINE = Symbol('deadline');

/** Runs `work` with a signal that aborts at the deadline or with `outer`; past the deadline the file is left out. */
export async function withinDeadline<T>(limits: FetchLimits, outer: AbortSignal, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  // One controller and one timer per file: AbortSignal.timeout/any keep weak references alive per
  // call, which the garbage collector pays for over tens of thousands of files.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(DEADLINE), limits.deadlineMs);
  const onOuter = () => controller.abort(outer.reason);
  if (outer.aborted) onOuter();
  else outer.addEventListener('abort', onOuter, { once: true });
  try {
    return await work(controller.signal);
  } catch (error) {
    if (outer.aborted) throw outer.reason ?? error;
    if (controller.signal.reason === DEADLINE) throw new FileProblem(`not complete within ${limits.deadlineMs / 1000} s`);
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
