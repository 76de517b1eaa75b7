import type { TestStep } from '../../../shared/environment/connection-test.ts';
import { exitCodes } from '../exit-codes.ts';

const stepNames: Readonly<Record<TestStep['step'], string>> = {
  discovery: 'Discovery',
  token: 'Token',
  find: 'Find',
  retrieve: 'Retrieve',
};

/** One line per step: name, ok or failed, time, then the plain-words summary. */
export function stepsText(steps: readonly TestStep[]): string {
  const lines = steps.map((step) => {
    const oauth = step.oauthError === undefined ? '' : ` [${step.oauthError}]`;
    return `${stepNames[step.step]}: ${step.ok ? 'ok' : 'FAILED'} in ${step.ms} ms. ${step.summary}${oauth}`;
  });
  return `${lines.join('\n')}\n`;
}

/** A credential the service refused is an auth problem (3), like a refused sign-in. */
export function testExitCode(steps: readonly TestStep[]): number {
  const failed = steps.find((step) => !step.ok);
  if (failed === undefined) return exitCodes.ok;
  if (failed.step === 'token') return failed.oauthError === undefined && failed.ms > 0 ? exitCodes.unavailable : exitCodes.auth;
  if (failed.step === 'discovery') return exitCodes.unavailable;
  return exitCodes.rejected;
}
