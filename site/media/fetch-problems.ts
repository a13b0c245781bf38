// What can go wrong with one media file, sorted by whether asking again may help.

/** A problem with this one file: it is left out. */
export class FileProblem extends Error {
  /**
   * The CMS will answer the same next time (404, 410, over the size cap, an SVG that cannot be made
   * safe): remembered in the media index, so a build that left only such files out is complete.
   */
  readonly permanent: boolean;

  constructor(message: string, options?: ErrorOptions & { permanent?: boolean }) {
    super(message, options);
    this.permanent = options?.permanent ?? false;
  }
}

/** Asking again may help (network error, timeout, 429, 5xx). */
export class TransientProblem extends Error {}

/** Network errors worth another try; a URL that cannot even be requested is this file's problem. */
export function classify(error: unknown): Error {
  if (error instanceof FileProblem || error instanceof TransientProblem) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code ?? '';
  // undici refuses a request it cannot write (a header value with a line break) with UND_ERR_INVALID_ARG.
  if (code === 'ERR_INVALID_URL' || code === 'ERR_INVALID_ARG_TYPE' || code === 'ERR_UNESCAPED_CHARACTERS' || code === 'ERR_INVALID_CHAR' || code === 'UND_ERR_INVALID_ARG') {
    return new FileProblem(`the URL cannot be requested (${(error as Error).message})`);
  }
  return new TransientProblem((error as Error | null)?.message || code || 'network error', { cause: error });
}

/** The one line for files left out again for the permanent answer an earlier build recorded. */
export function leftOutAsBefore(count: number, since: number): string {
  return `media: ${count} ${count === 1 ? 'file' : 'files'} left out as before, for a permanent answer (such as HTTP 404) recorded since ${day(since)}; asked again after cacheMaxAgeHours, with --full, or when an item using one changes`;
}

/** "2026-11-26" (UTC). */
export function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
