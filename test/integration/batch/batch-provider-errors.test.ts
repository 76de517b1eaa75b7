import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../../electron/core/errors.ts';
import { environmentSchema } from '../../../shared/environment/environment.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

let core: TestCore;

beforeEach(async () => {
  core = await startTestCore({ port: 0 });
});
afterEach(async () => {
  await core.close();
});

async function dispatch(channel: string, payload: unknown): Promise<unknown> {
  const result = await core.started.core.router.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.data;
}

/** A user environment on the embedded sandbox whose provider key is the sandbox's out-of-credit key. */
async function environmentOutOfCredit(): Promise<string> {
  const config = core.started.core.sandbox;
  if (config === undefined) throw new Error('no sandbox');
  const input = { name: 'Out of credit', baseUrl: config.baseUrl, authMode: 'developer', findUrl: config.addressProvider.findUrl, retrieveUrl: config.addressProvider.retrieveUrl };
  const id = environmentSchema.parse(await dispatch('environment:add', { input })).id;
  const key = config.addressProvider.accountErrorKeys.find((entry) => entry.name === 'out of credit')?.key ?? '';
  for (const [name, value] of [['developerClientId', config.developer.clientId], ['refreshToken', config.developer.refreshToken], ['providerKey', key]] as const) {
    await dispatch('credentials:set', { environmentId: id, name, value });
  }
  return id;
}

describe('a batch whose address rows meet an address provider account error', () => {
  it('stops the whole preview with that error instead of refusing every row with it', async () => {
    const environmentId = await environmentOutOfCredit();
    const variable = core.started.core.sandbox?.sampleVariables[0] ?? '';
    const csv = 'address\n1 Mill Lane\nRegent Mansions\nTannery Crescent\n';
    let thrown: unknown;
    try {
      await core.started.core.batches.plan({ environmentId, source: 'rows.csv', csv, variables: [variable], tenure: 'all', reuseDays: 30, concurrency: 2 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CoreError);
    expect(thrown instanceof CoreError && thrown.toData()).toMatchObject({ code: 'provider_out_of_credit', provider: { error: '3' } });
  });
});
