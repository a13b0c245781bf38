// What can go wrong with one media file, sorted by whether asking again may help.

/** A problem with this one file that asking again will not mend: it is left out. */
export class FileProblem extends Error {}

/** Asking again may help (network error, timeout, 429, 5xx). */
export class TransientProblem extends Error {}

/** Network errors worth another try; a URL that cannot even be requested is this file's problem. */
export function classify(error: unknown): Error {
  if (error instanceof FileProblem || error instanceof TransientProblem) return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'ERR_INVALID_URL' || code === 'ERR_INVALID_ARG_TYPE' || code === 'ERR_UNESCAPED_CHARACTERS' || code === 'ERR_INVALID_CHAR') {
    return new FileProblem(`the URL cannot be requested (${(error as Error).message})`);
  }
  return new TransientProblem((error as Error).message || code || 'network error', { cause: error });
}
