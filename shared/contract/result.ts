import type { AppErrorData } from '../errors/errors.ts';

/**
 * What every contract call returns. Electron passes only an error's message across IPC, so
 * failures travel as values with a code the UI can act on.
 */
export type Result<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly error: AppErrorData };

export function ok<T>(data: T): Result<T> {
  return { ok: true, data };
}

export function fail(error: AppErrorData): Result<never> {
  return { ok: false, error };
}
