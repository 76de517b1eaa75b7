import type { ProviderKeyTest, TestStep } from '../../../shared/connection-test.ts';
import type { AddressClient } from '../address/address-client.ts';
import { CoreError } from '../errors.ts';

export interface ProviderKeyTestOptions {
  readonly environmentId: string;
  readonly address: AddressClient;
  /** What to Find; any text will do, since an empty answer still proves the key. */
  readonly text: string;
  /** A Retrieve Id of a flat: one Retrieve (which costs credit) tells whether UMRRNs come back. */
  readonly retrieveId?: string;
}

function describe(error: unknown): { summary: string; providerError?: string } {
  if (error instanceof CoreError && error.code === 'provider_error') {
    const text = error.detail === undefined || error.detail === '' ? error.message : `${error.message}. ${error.detail}`;
    return { summary: `The address provider refused: ${text}`, providerError: text };
  }
  if (error instanceof CoreError) return { summary: error.message };
  return { summary: 'Something went wrong inside TitleDesk.' };
}

async function timed(run: () => Promise<string>, step: TestStep['step']): Promise<{ step: TestStep; providerError?: string }> {
  const started = performance.now();
  try {
    const summary = await run();
    return { step: { step, ok: true, ms: Math.round(performance.now() - started), summary } };
  } catch (error) {
    const { summary, providerError } = describe(error);
    const result = { step: { step, ok: false, ms: Math.round(performance.now() - started), summary } };
    return providerError === undefined ? result : { ...result, providerError };
  }
}

/**
 * One Find (free) with the environment's provider key, showing the provider's own error text
 * when it refuses (Unknown key, out of credit, daily limit). Find does not carry UMRRNs, so that
 * answer is 'unknown' unless the caller names a flat to Retrieve.
 */
export async function testProviderKey(options: ProviderKeyTestOptions): Promise<ProviderKeyTest> {
  const { address, environmentId } = options;
  const find = await timed(async () => {
    const { candidates } = await address.find(options.text, { limit: 5 });
    return `The key was accepted: Find returned ${candidates.length} suggestion${candidates.length === 1 ? '' : 's'} for "${options.text}".`;
  }, 'find');
  const base = { environmentId, ...(find.providerError === undefined ? {} : { providerError: find.providerError }) };
  if (!find.step.ok || options.retrieveId === undefined) {
    return { ...base, ok: find.step.ok, steps: [find.step], umrrn: 'unknown' };
  }
  let umrrn: ProviderKeyTest['umrrn'] = 'unknown';
  const retrieveId = options.retrieveId;
  const retrieve = await timed(async () => {
    const record = await address.retrieve(retrieveId);
    umrrn = record.umrrn === null ? 'no' : 'yes';
    return umrrn === 'yes' ? `Retrieve returned UMRRN ${String(record.umrrn)}.` : 'Retrieve returned no UMRRN: the account may lack the multi-residency option.';
  }, 'retrieve');
  const providerError = base.providerError ?? retrieve.providerError;
  return {
    environmentId,
    ok: retrieve.step.ok,
    steps: [find.step, retrieve.step],
    umrrn,
    ...(providerError === undefined ? {} : { providerError }),
  };
}
