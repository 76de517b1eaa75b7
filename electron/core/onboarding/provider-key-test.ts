import type { ProviderKeyTest, TestStep } from '../../../shared/environment/connection-test.ts';
import type { AddressClient } from '../address/address-client.ts';
import { errorWords } from '../../../shared/errors/error-messages.ts';
import { CoreError } from '../errors.ts';

export interface ProviderKeyTestOptions {
  readonly environmentId: string;
  readonly address: AddressClient;
  /** What to Find; any text will do, since an empty answer still proves the key. */
  readonly text: string;
  /** A Retrieve Id of a flat: one Retrieve (which costs credit) tells whether UMRRNs come back. */
  readonly retrieveId?: string;
}

type Refusal = NonNullable<ProviderKeyTest['refusal']>;
type Attempt = { step: TestStep; providerError?: string; refusal?: Refusal };

function describe(error: unknown): { summary: string; providerError?: string; refusal?: Refusal } {
  if (error instanceof CoreError && error.provider !== undefined) {
    const { error: number, description, resolution } = error.provider;
    const said = description === '' ? `Address provider error ${number}` : description.replace(/\.$/, '');
    // The step names the refusal in TitleDesk's words; the provider's own (and its number) stay beside it.
    const summary = `The address provider refused: ${said} (error ${number}). ${errorWords[error.code].headline}`;
    const providerError = resolution === '' ? `${said}.` : `${said}. ${resolution}`;
    return { summary, providerError, refusal: { code: error.code, provider: error.provider } };
  }
  if (error instanceof CoreError) return { summary: error.message };
  return { summary: 'Something went wrong inside TitleDesk.' };
}

async function timed(run: () => Promise<string>, step: TestStep['step']): Promise<Attempt> {
  const started = performance.now();
  try {
    const summary = await run();
    return { step: { step, ok: true, ms: Math.round(performance.now() - started), summary } };
  } catch (error) {
    const { summary, ...refused } = describe(error);
    return { step: { step, ok: false, ms: Math.round(performance.now() - started), summary }, ...refused };
  }
}

/** What a refused step adds to the test's result: the provider's text and which refusal it was. */
function refusalOf(attempt: Attempt): Pick<ProviderKeyTest, 'providerError' | 'refusal'> {
  return {
    ...(attempt.providerError === undefined ? {} : { providerError: attempt.providerError }),
    ...(attempt.refusal === undefined ? {} : { refusal: attempt.refusal }),
  };
}

/**
 * One Find (free) with the environment's provider key, showing the provider's own error text
 * when it refuses (Unknown key, out of credit, daily limit), and which refusal it is. Find does not carry UMRRNs, so that
 * answer is 'unknown' unless the caller names a flat to Retrieve.
 */
export async function testProviderKey(options: ProviderKeyTestOptions): Promise<ProviderKeyTest> {
  const { address, environmentId } = options;
  const find = await timed(async () => {
    const { candidates } = await address.find(options.text, { limit: 5 });
    return `The key was accepted: Find returned ${candidates.length} suggestion${candidates.length === 1 ? '' : 's'} for "${options.text}".`;
  }, 'find');
  const base = { environmentId, ...refusalOf(find) };
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
  return { environmentId, ok: retrieve.step.ok, steps: [find.step, retrieve.step], umrrn, ...refusalOf(retrieve) };
}
