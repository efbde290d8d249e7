import type { ErrorName } from '@bible-qa/contract';

/**
 * The one error services throw: a name from the contract's catalogue and the arguments of its message.
 * The error handler turns it into the envelope in the caller's language; `cause` keeps what went wrong below.
 */
export class AppError extends Error {
  readonly errorName: ErrorName;
  readonly args: readonly string[];

  constructor(name: ErrorName, args: readonly string[] = [], options?: { cause?: unknown }) {
    super(`${name}${args.length ? `: ${args.join(', ')}` : ''}`, options);
    this.name = 'AppError';
    this.errorName = name;
    this.args = args;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
