// "Your mistake" versus "our bug" (after Vike's assertUsage/assert). A UserError is an
// expected failure the user can fix: it carries a title, what happened, what to do, and the exit
// code (2 for usage/config errors, 1 for a failed build). Anything else reaching cli/errors.ts is a
// bug and is printed with its stack.

export interface UserErrorOptions {
  /** What to do next. */
  hint?: string;
  /** 2: usage or config error; 1: the build failed (CMS down, bad content, ...); 130/143: interrupted. */
  exitCode?: 1 | 2 | 130 | 143;
  cause?: unknown;
}

export class UserError extends Error {
  readonly hint: string | undefined;
  readonly exitCode: 1 | 2 | 130 | 143;

  constructor(title: string, options: UserErrorOptions = {}) {
    super(title, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'UserError';
    this.hint = options.hint;
    this.exitCode = options.exitCode ?? 1;
  }
}

/** A usage or configuration error: exit code 2. */
export class ConfigError extends UserError {
  constructor(title: string, options: Omit<UserErrorOptions, 'exitCode'> = {}) {
    super(title, { ...options, exitCode: 2 });
    this.name = 'ConfigError';
  }
}

/** Ctrl-C (SIGINT, exit 130) or SIGTERM (exit 143): the work was stopped and cleaned up. */
export class Interrupted extends UserError {
  constructor(readonly signal: 'SIGINT' | 'SIGTERM') {
    super(`Interrupted (${signal})`, { exitCode: signal === 'SIGINT' ? 130 : 143 });
    this.name = 'Interrupted';
  }
}

export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError;
}
