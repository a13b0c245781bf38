// The one place that prints errors and decides the exit code (after Eleventy's
// ErrorHandler). A UserError is the user's to fix: its title, the causes, and what to do, without
// a stack unless --verbose. Anything else is our bug: the full stack, and a request to report it.
// Errors start with commander's prefix, "error:", so usage errors and ours read alike. Messages
// may quote the CMS: what they say is printed as plain text (./terminal-text).
import { Interrupted, isUserError } from '../site/errors';
import { printable } from './terminal-text';
import { ERROR_PREFIX, type Style } from './terminal-style';

function causes(error: unknown): string[] {
  const lines: string[] = [];
  let cause = (error as { cause?: unknown })?.cause;
  while (cause && lines.length < 5) {
    const message = cause instanceof Error ? cause.message : String(cause);
    // The first line, cut: a library's message may carry a whole answer (graphql-request's does).
    if (message) lines.push(message.split('\n')[0]!.slice(0, 300));
    cause = (cause as { cause?: unknown })?.cause;
  }
  return lines;
}

const plain: Pick<Style, 'error'> = { error: (text) => text };

export function reportError(error: unknown, options: { verbose: boolean; style?: Pick<Style, 'error'> }, write = (text: string) => process.stderr.write(text)): number {
  const style = options.style ?? plain;
  if (error instanceof Interrupted) {
    write(`\nInterrupted (${error.signal}): stopped and cleaned up; the previous output is unchanged.\n`);
    return error.exitCode;
  }
  if (isUserError(error)) {
    write(`\n${style.error(ERROR_PREFIX)} ${printable(error.message)}\n`);
    if (options.verbose) for (const line of causes(error)) write(`  caused by: ${printable(line)}\n`);
    if (error.hint) write(`  ${printable(error.hint)}\n`);
    if (options.verbose && error.stack) write(`\n${printable(error.stack)}\n`);
    return error.exitCode;
  }
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  write(`\n${style.error(ERROR_PREFIX)} hotel-site hit a bug (this is not your fault):\n${printable(stack)}\n`);
  for (const line of causes(error)) write(`  caused by: ${printable(line)}\n`);
  write('Please report it with the command you ran and this output.\n');
  return 1;
}
