import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { SandboxSection } from '../../../../renderer/components/settings/SandboxSection.tsx';
import { noSandboxFaults, type SandboxFaults } from '../../../../shared/environment/sandbox-faults.ts';
import { renderWithApi } from '../../support/render-app.tsx';
import { createFeatureApi, ok } from '../support/feature-api.ts';

afterEach(cleanup);

it('Settings → Sandbox serves catalogs in the older variables[] shape, and says so', async () => {
  const fake = createFeatureApi({
    'sandbox:info': () => ok({ running: true, sampleQueries: [], sampleTitles: [], testTitles: [], sampleVariables: [] }),
    'sandbox:faults': () => ok(noSandboxFaults),
    'sandbox:set-faults': (faults: SandboxFaults) => ok(faults),
  });
  renderWithApi(fake.api, <SandboxSection />);
  fireEvent.click(await screen.findByRole('checkbox', { name: /Older catalog shape/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() => { expect(fake.callsTo('sandbox:set-faults')).toEqual([{ ...noSandboxFaults, rateLimit: null, catalogShape: 'variables' }]); });
  expect(await screen.findByText('Simulating catalogs in the older variables[] shape.')).toBeTruthy();
});
