import type { AppErrorData } from '../../../../shared/errors/errors.ts';

/**
 * Refusals that mean "this environment has no usable credentials": nothing was sent, and the
 * purchase waits for sign-in instead of failing (it was clicked, and may already be paid for).
 */
const signInCodes = new Set<AppErrorData['code']>(['credentials_missing', 'invalid_grant', 'invalid_client']);

export function needsSignIn(error: AppErrorData): boolean {
  return signInCodes.has(error.code);
}

/** What the purchase shows while it waits: what is needed, in the user's words. */
export function waitingForSignIn(error: AppErrorData, hasResult: boolean): AppErrorData {
  const what = hasResult
    ? 'The service accepted this purchase; TitleDesk will fetch its result'
    : 'Nothing has been sent yet; TitleDesk will send this purchase';
  return { code: error.code, message: `${error.message} ${what} as soon as this environment's credentials are set or sign-in succeeds.` };
}
