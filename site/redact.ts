// The secrets this process holds (the CMS account's token, docs/cms-account.md) and the one way
// text is cleaned of them before it is printed, logged, shown in a page or kept in an error: every
// value a token source read is remembered here, and `redact` replaces each, and any bearer
// credential quoted from a request's headers, by a placeholder.

// One set per process, not per module instance: watch loads the pipeline's modules afresh (a new
// URL per reload), and the CLI's printing must know the secrets its token sources read.
const secrets: Set<string> = ((globalThis as { [key: symbol]: Set<string> | undefined })[Symbol.for('hotel-site.secrets')] ??= new Set());

export const REDACTED = '[redacted]';

/** Remembers a secret so that `redact` removes it from any text from now on. */
export function rememberSecret(value: string): void {
  if (value) secrets.add(value);
}

// A quoted Authorization header or a bearer credential in a message: also one never remembered
// here (another process's, a token the CMS echoes back in another spelling).
// Long enough not to be a word of prose ("Bearer token").
const BEARER = /\b(Bearer)(\s+)[A-Za-z0-9\-._~+/]{16,}=*/gi;

/** The text without any remembered secret or quoted bearer credential. */
export function redact(text: string): string {
  let clean = text;
  for (const secret of secrets) if (clean.includes(secret)) clean = clean.split(secret).join(REDACTED);
  return clean.replace(BEARER, (_, scheme: string, space: string) => `${scheme}${space}${REDACTED}`);
}
