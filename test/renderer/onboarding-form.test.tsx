import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CredentialsSection } from '../../renderer/components/settings/CredentialsSection.tsx';
import { SettingsDialog } from '../../renderer/components/settings/SettingsDialog.tsx';
import { createFakeApi, sandbox } from './support/fake-api.ts';
import { renderWithApi } from './support/render-app.tsx';

afterEach(cleanup);

async function saveSecret(name: string, value: string): Promise<void> {
  const field = await screen.findByRole('form', { name });
  fireEvent.change(within(field).getByLabelText(name), { target: { value } });
  fireEvent.submit(field);
  await within(field).findByText(/^Saved:/);
}

describe('adding the production service', () => {
  it('fills the production base URL and a name from the preset, and sends them', async () => {
    const fake = createFakeApi();
    renderWithApi(fake.api, <SettingsDialog environments={[sandbox]} selectedId="sandbox" onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add environment' }));
    const form = screen.getByRole('form', { name: 'Add environment' });
    fireEvent.click(within(form).getByLabelText('Production: https://api.whenfresh.com'));
    expect(within(form).getByLabelText('Service base URL')).toHaveProperty('value', 'https://api.whenfresh.com');
    expect(within(form).getByLabelText('Name')).toHaveProperty('value', 'WhenFresh production');
    fireEvent.submit(form);
    await waitFor(() => {
      expect(fake.callsTo('environment:add')).toEqual([{ input: { name: 'WhenFresh production', baseUrl: 'https://api.whenfresh.com', authMode: 'developer', kind: 'live' } }]);
    });
  });

  it('goes back to an empty base URL for a custom service', () => {
    const fake = createFakeApi();
    renderWithApi(fake.api, <SettingsDialog environments={[sandbox]} selectedId="sandbox" onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add environment' }));
    const form = screen.getByRole('form', { name: 'Add environment' });
    fireEvent.click(within(form).getByLabelText('Production: https://api.whenfresh.com'));
    fireEvent.click(within(form).getByLabelText('Custom: type the base URL'));
    expect(within(form).getByLabelText('Service base URL')).toHaveProperty('value', '');
  });
});

describe('test connection and test key', () => {
  it('says where the refresh token comes from', async () => {
    renderWithApi(createFakeApi().api, <CredentialsSection environments={[sandbox]} selectedId="sandbox" />);
    expect(await screen.findByText('The refresh token is on the My Tokens page of your developer account.')).toBeDefined();
  });

  it('shows each step with its time, and the RFC 6749 error of a rejected token', async () => {
    const fake = createFakeApi();
    renderWithApi(fake.api, <CredentialsSection environments={[sandbox]} selectedId="sandbox" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
    const good = await screen.findByRole('list', { name: 'Connection test steps' });
    expect(within(good).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '✓ Find the service 12 msFound the service.',
      '✓ Get a token 30 msThe refresh token was accepted.',
    ]);
    expect(screen.getByText('Connected: TitleDesk can sign in to this service.')).toBeDefined();

    await saveSecret('Refresh token', 'rejected-token');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('The connection test failed.')).toBeDefined();
    expect(screen.getByText('invalid_grant').tagName).toBe('CODE');
    expect(fake.callsTo('environment:test')).toEqual([{ environmentId: 'sandbox' }, { environmentId: 'sandbox' }]);
  });

  it("shows the provider's own text for a refused key, and success for a good one", async () => {
    const fake = createFakeApi();
    renderWithApi(fake.api, <CredentialsSection environments={[sandbox]} selectedId="sandbox" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Test key' }));
    expect(await screen.findByText('The address provider refused the key.')).toBeDefined();
    expect(screen.getAllByText('Unknown key. Please check that the key is correct.').length).toBeGreaterThan(0);

    await saveSecret('Address provider key', 'TD11-SB22-LQ33-MR44');
    fireEvent.click(screen.getByRole('button', { name: 'Test key' }));
    expect(await screen.findByText('The address provider accepted the key.')).toBeDefined();
    expect(screen.getByText(/Find does not carry UMRRNs/)).toBeDefined();
  });
});
