// Errors of a `watch` rebuild, as the terminal and the browser overlay show them: what failed
// (the stage), then the message — a compile error with file:line:column and the line, a user
// error with its hint, anything else with its stack. The generator is imported afresh, so its
// UserError is another class than the CLI's: it is recognised by name. Paths in what the overlay
// and the log show are relative to the project (docs/hardening.md): a page's visitors — anyone
// the developer shares the tab with — learn nothing of the machine's folders.
import { sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UserError } from '../../errors';
import { projectPath } from '../../project-root';
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

/**
 * The error as the overlay and the terminal show it, every path in it relative to `root` (the
 * project): the location line and every frame alike.
 */
export function describeError(error: unknown, root: string = projectPath()): string {
  return projectRelative(describeRaw(error), root);
}

function describeRaw(error: unknown): string {
  if (error instanceof CompileError) return error.message;
  if (isUserErrorLike(error)) return error.hint ? `${error.message}\n${error.hint}` : error.message;
  if (error instanceof Error) {
    const { where, frames, cause } = locate(error);
    const message = cause && !error.message.includes(cause.message) ? `${error.message}: ${cause.message}` : error.message;
    return [where ? `${where}: ${message}` : message, ...frames].join('\n');
  }
  return String(error);
}

/**
 * renderPage() wraps a template's error with the page it was rendering: the message says which
 * page, the cause's stack says where in the template. React's and Node's own frames say nothing
 * about the template: left out, so the first frame is the template's file:line.
 */
function locate(error: Error): { where: string | undefined; frames: string[]; cause: Error | null } {
  const cause = error.cause instanceof Error ? error.cause : null;
  const frames = (cause?.stack ?? error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line) && !/node_modules[\\/]|\(node:|at node:/.test(line))
    .slice(0, 10);
  const where = /\(?((?:[A-Za-z]:)?[^\s()]+:\d+:\d+)\)?$/.exec(frames[0] ?? '')?.[1]?.replace(/^file:\/\//, '');
  return { where, frames, cause };
}

/** Pages listed by name in one grouped message; the rest are counted. */
const NAMED_PAGES = 12;

/**
 * The pages a pass of the writer could not render, one message per distinct error (the same
 * message thrown at the same place) naming every page it broke:
 * "templates/pages/FaqPage.tsx:31:19: the FAQ broke — rendering 2 pages failed: /de/faq/, /en/faq/".
 */
export function describeRenderFailures(failures: readonly { href: string; error: unknown }[], root: string = projectPath()): string[] {
  const groups = new Map<string, { head: string; frames: string[]; hrefs: string[] }>();
  for (const { href, error } of failures) {
    let head: string;
    let frames: string[] = [];
    if (error instanceof Error && !(error instanceof CompileError) && !isUserErrorLike(error)) {
      const located = locate(error);
      const message = (located.cause ?? error).message;
      head = located.where ? `${located.where}: ${message}` : message;
      frames = located.frames;
    } else head = describeRaw(error);
    const key = `${head}\n${frames.join('\n')}`;
    const group = groups.get(key) ?? { head, frames, hrefs: [] };
    group.hrefs.push(href);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ head, frames, hrefs }) => {
    const named = hrefs.slice(0, NAMED_PAGES).join(', ') + (hrefs.length > NAMED_PAGES ? ` and ${hrefs.length - NAMED_PAGES} more` : '');
    const pages = hrefs.length === 1 ? `rendering ${named} failed` : `rendering ${hrefs.length} pages failed: ${named}`;
    return projectRelative([`${head} — ${pages}`, ...frames].join('\n'), root);
  });
}

/** `text` with every absolute path (or file URL) inside `root` written relative to it. */
export function projectRelative(text: string, root: string): string {
  const base = root.endsWith(sep) ? root.slice(0, -1) : root;
  return text.split(`${pathToFileURL(base).href}/`).join('').split(`${base}${sep}`).join('');
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
