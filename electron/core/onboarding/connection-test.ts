import type { Dispatcher } from 'undici';
import type { ConnectionTest, TestStep } from '../../../shared/environment/connection-test.ts';
import type { Environment } from '../../../shared/environment/environment.ts';
import { RetryableAuthError } from '../auth/auth-errors.ts';
import { missingCredentialsMessage, resolveCredentials } from '../auth/credentials.ts';
import { DiscoveryCache } from '../auth/discovery.ts';
import type { TokenManager } from '../auth/token-manager.ts';
import { CoreError } from '../errors.ts';
import { redactSecrets } from '../redaction.ts';
import type { SecretStore } from '../secrets/secret-store.ts';

export interface ConnectionTestOptions {
  readonly environment: Environment;
  readonly secrets: SecretStore;
  /** The environment's one token manager: the test's token request is a refresh like any other. */
  readonly tokens: TokenManager;
  readonly dispatcher: Dispatcher;
  readonly timeoutMs?: number;
}

/** A step's outcome in plain words; only CoreError and transient-failure messages, which hold no secrets. */
function failedStep(step: TestStep['step'], ms: number, error: unknown): TestStep {
  if (error instanceof CoreError) {
    const oauthError = step === 'token' ? error.detail : undefined;
    return { step, ok: false, ms, summary: error.message, ...(oauthError === undefined ? {} : { oauthError }) };
  }
  if (error instanceof RetryableAuthError) return { step, ok: false, ms, summary: `${redactSecrets(error.message)} Try again in a moment.` };
  return { step, ok: false, ms, summary: 'Something went wrong inside TitleDesk.' };
}

async function timed<T>(run: () => Promise<T>): Promise<{ value?: T; error?: unknown; ms: number }> {
  const started = performance.now();
  try {
    const value = await run();
    return { value, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { error, ms: Math.round(performance.now() - started) };
  }
}

/**
 * Discovery, then one token request with the environment's credentials, each step timed; nothing
 * is bought. The token request goes through the environment's token manager, so it never runs
 * beside another refresh (it joins one under way) and a refresh token the provider rotates is
 * handled as every other refresh's (kept, never sent again once replaced). No retries, so the user
 * sees the first answer as it came; a rejected token is kept, so a test never deletes what the
 * user typed.
 */
export async function testConnection(options: ConnectionTestOptions): Promise<ConnectionTest> {
  const { environment, secrets, dispatcher } = options;
  const steps: TestStep[] = [];
  const done = (): ConnectionTest => ({ environmentId: environment.id, ok: steps.every((step) => step.ok), steps });
  const discovery = await timed(() => new DiscoveryCache(environment.baseUrl, dispatcher, options.timeoutMs).tokenEndpoint());
  if (discovery.value === undefined) {
    steps.push(failedStep('discovery', discovery.ms, discovery.error));
    return done();
  }
  const endpoint = discovery.value;
  steps.push({ step: 'discovery', ok: true, ms: discovery.ms, summary: `Found the service's sign-in details; tokens come from ${redactSecrets(endpoint.host)}.` });
  const credentials = await resolveCredentials(environment, secrets);
  if (credentials === undefined) {
    steps.push({ step: 'token', ok: false, ms: 0, summary: missingCredentialsMessage(environment) });
    return done();
  }
  const token = await timed(() => options.tokens.refresh({ deliberate: true, once: true, keepRejected: true }));
  if (token.value === undefined) {
    steps.push(failedStep('token', token.ms, token.error));
    return done();
  }
  const minutes = Math.round(token.value.expiresInSeconds / 60);
  const accepted = credentials.mode === 'developer' ? 'The refresh token was accepted' : 'The client id and secret were accepted';
  steps.push({ step: 'token', ok: true, ms: token.ms, summary: `${accepted}; an access token valid for ${minutes} minutes was issued.` });
  return done();
}
