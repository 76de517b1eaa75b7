import { errorDetail, humanErrorMessage } from '../../shared/errors/error-messages.ts';
import type { AppErrorData, ErrorCode } from '../../shared/errors/errors.ts';
import type { ProviderErrorDetail } from '../../shared/errors/provider-errors.ts';

/** A contract failure, thrown by call() so TanStack Query treats it as a query or mutation error. */
export class AppError extends Error implements AppErrorData {
  readonly code: ErrorCode;
  /** The address provider's own words, when the address provider refused. */
  readonly provider: ProviderErrorDetail | undefined;

  constructor(data: AppErrorData) {
    super(data.message);
    this.name = 'AppError';
    this.code = data.code;
    this.provider = data.provider;
  }

  /** The sentence for the person at the keyboard. */
  get humanMessage(): string {
    return humanErrorMessage(this);
  }

  get detail(): string | undefined {
    return errorDetail(this);
  }
}

/** Anything a hook might throw, as an AppError: a bug in the renderer still gets a message. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new AppError({ code: 'internal', message });
}
