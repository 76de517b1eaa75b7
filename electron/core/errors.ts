import type { AppErrorData, ErrorCode } from '../../shared/errors/errors.ts';
import { cleanProviderDetail, type ProviderErrorDetail } from '../../shared/errors/provider-errors.ts';
import { redactSecrets } from './redaction.ts';

/**
 * The one error type core throws on purpose. Messages are written for people and never hold
 * secrets: message and detail are redacted here (redaction.ts), since many are made from
 * a service's or a provider's words and all of them are shown, logged or stored.
 */
export class CoreError extends Error {
  readonly code: ErrorCode;
  readonly status: number | undefined;
  /** Extra detail for the UI, e.g. the address provider's Resolution text. */
  readonly detail: string | undefined;
  /** The address provider's error item, redacted like the message: it crosses to every host. */
  readonly provider: ProviderErrorDetail | undefined;

  constructor(code: ErrorCode, message: string, options?: { status?: number; detail?: string; provider?: ProviderErrorDetail; cause?: unknown }) {
    super(redactSecrets(message), options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CoreError';
    this.code = code;
    this.status = options?.status;
    this.detail = options?.detail === undefined ? undefined : redactSecrets(options.detail);
    this.provider = options?.provider === undefined ? undefined : cleanProviderDetail(options.provider, redactSecrets);
  }

  toData(): AppErrorData {
    return this.provider === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, provider: this.provider };
  }
}

/** Anything thrown becomes AppErrorData; unexpected errors get a generic message so no internals leak. */
export function toErrorData(error: unknown): AppErrorData {
  if (error instanceof CoreError) return error.toData();
  return { code: 'internal', message: 'Something went wrong inside TitleDesk.' };
}
