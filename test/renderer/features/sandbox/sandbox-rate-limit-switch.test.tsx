import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { SandboxSection } from '../../../../renderer/components/settings/SandboxSection.tsx';
import { noSandboxFaults, type SandboxFaults } from '../../../../shared/environment/sandbox-faults.ts';
import { renderWithApi } from '../../support/render-app.tsx';
import { createFeatureApi, ok } from '../support/feature-api.ts';

afterEach(cleanup);

it('Settings → Sandbox turns on a rate limit of so many requests a second, and refuses a number out of range', async () => {
  const fake = createFeatureApi({
    'sandbox:info': () => ok({ running: true, sampleQueries: [], sampleTitles: [], testTitles: [], sampleVariables: [] }),
    'sandbox:faults': () => ok(noSandboxFaults),
    'sandbox:set-faults': (faults: SandboxFaults) => ok(faults),
  });
  renderWithApi(fake.api, <SandboxSection />);
  fireEvent.click(await screen.findByRole('checkbox', { name: /Rate limit: answer 429 Too Many Requests/ }));
  const amount = screen.getByRole('textbox', { name: 'requests a second allowed' });
  fireEvent.change(amount, { target: { value: '500' } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  expect(await screen.findByText('Enter a whole number of requests from 1 to 100.')).toBeTruthy();
  fireEvent.change(amount, { target: { value: '3' } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() => { expect(fake.callsTo('sandbox:set-faults')).toEqual([{ ...noSandboxFaults, rateLimit: { perSecond: 3 } }]); });
  expect(await screen.findByText('Simulating a rate limit (3 requests a second, then 429).')).toBeTruthy();
});
