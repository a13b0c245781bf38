// Errors of a `watch` rebuild, as the terminal and the browser overlay show them: what failed
// (the stage), then the message — a compile error with file:line:column and the line, a user
// error with its hint, anything else with its stack. The generator is imported afresh, so its
// UserError is another class than the CLI's: it is recognised by name. Paths in what the overlay
// and the log show are relative to the project (docs/hardening.md): a page's visitors — anyone
// the developer shares the tab with — learn nothing of the machine's folders.
import { relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UserError } from '../../errors';
import { CompileError } from './fresh-import';

export class BuildError extends Error {
  constructor(
    readonly stage: string,
    message: string,
    readonly original: unknown,
  ) {
    super(message, { cause: original });
    this.name = 'BuildError';
  }
}

interface UserErrorLike {
  name: string;
  message: string;
  hint?: string;
  exitCode?: 1 | 2;
}

function isUserErrorLike(error: unknown): error is UserErrorLike {
  return error instanceof Error && (error.name === 'UserError' || error.name === 'ConfigError');
}

export function describeError(error: unknown): string {
  if (error instanceof CompileError) return error.message;
  if (isUserErrorLike(error)) return error.hint ? `${error.message}\n${error.hint}` : error.message;
  if (error instanceof Error) {
    // renderPage() wraps a template's error with the page it was rendering: the message says
    // which page, the cause's stack says where in the template. React's and Node's own frames
    // say nothing about the template: left out, so the first frame is the template's file:line.
    const cause = error.cause instanceof Error ? error.cause : null;
    const frames = (cause?.stack ?? error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line) && !/node_modules[\\/]|\(node:|at node:/.test(line))
      .slice(0, 10);
    const where = /\(?((?:[A-Za-z]:)?[^\s()]+:\d+:\d+)\)?$/.exec(frames[0] ?? '')?.[1];
    const message = cause && !error.message.includes(cause.message) ? `${error.message}: ${cause.message}` : error.message;
    return [where ? `${relativeToCwd(where)}: ${message}` : message, ...frames].join('\n');
  }
  return String(error);
}

/** `text` with every absolute path (or file URL) inside `root` written relative to it. */
export function projectRelative(text: string, root: string): string {
  const base = root.endsWith(sep) ? root.slice(0, -1) : root;
  return text.split(`${pathToFileURL(base).href}/`).join('').split(`${base}${sep}`).join('');
}

/** "templates/pages/FaqPage.tsx:31:11" for a frame in the project, as terminals link it. */
function relativeToCwd(location: string): string {
  const path = location.replace(/^file:\/\//, '');
  const relativePath = relative(process.cwd(), path);
  return relativePath.startsWith('..') ? path : relativePath;
}

export function toBuildError(stage: string, error: unknown): BuildError {
  return error instanceof BuildError ? error : new BuildError(stage, describeError(error), error);
}

/** For the CLI (cli/errors.ts): a failure of the first build is the user's to fix, not a bug. */
export function asUserError(error: unknown): unknown {
  const original = error instanceof BuildError ? error.original : error;
  if (original instanceof UserError) return original;
  if (isUserErrorLike(original)) return new UserError(original.message, { hint: original.hint, exitCode: original.exitCode, cause: original });
  if (error instanceof BuildError && original instanceof CompileError) {
    return new UserError(`The first build failed:\n${error.message}`, { hint: 'Fix the file at the position shown and run watch again.', cause: original });
  }
  return original;
}
