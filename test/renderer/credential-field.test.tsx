import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CredentialsSection } from '../../renderer/components/settings/CredentialsSection.tsx';
import type { CredentialStatus } from '../../shared/contract/channels.ts';
import type { Environment } from '../../shared/environment/environment.ts';
import { createFakeApi, sandbox } from './support/fake-api.ts';
import { renderWithApi } from './support/render-app.tsx';

afterEach(cleanup);

const secret = 'rt-4f1c9e0b7d2a41c8a35e9b6f0d8c2e71';

async function renderCredentials(persistence?: CredentialStatus['persistence'], environments: Environment[] = [sandbox]) {
  const fake = createFakeApi(persistence === undefined ? {} : { persistence });
  const view = renderWithApi(fake.api, <CredentialsSection environments={environments} selectedId={environments[0]?.id ?? 'sandbox'} />);
  const field = await screen.findByRole('form', { name: 'Refresh token' });
  return { fake, view, field, input: within(field).getByLabelText('Refresh token') };
}

function type(input: HTMLElement, value: string): void {
  fireEvent.change(input, { target: { value } });
}

describe('write-only credential fields', () => {
  it('clears the input after saving and shows only where the value lives, never the value', async () => {
    const { fake, view, field, input } = await renderCredentials();
    type(input, secret);
    fireEvent.submit(field);

    expect(await within(field).findByText('Saved: kept in the OS keychain.')).toBeDefined();
    expect(input).toHaveProperty('value', '');
    expect(input.getAttribute('type')).toBe('password');
    // The value reached the api, and nothing rendered carries it.
    expect(fake.callsTo('credentials:set')).toEqual([{ environmentId: 'sandbox', name: 'refreshToken', value: secret }]);
    expect(view.container.innerHTML).not.toContain(secret);
    expect([...view.container.querySelectorAll('input')].map((element) => element.value)).not.toContain(secret);
  });

  it('never puts a typed value into the markup, even before it is saved', async () => {
    const { view, input } = await renderCredentials();
    type(input, secret);
    expect(input.hasAttribute('value')).toBe(false);
    expect(view.container.innerHTML).not.toContain(secret);
  });

  it.each([
    ['session', 'Saved: kept for this session only: no OS keychain on this machine.'],
    ['environment', 'Saved: from environment variables.'],
  ] as const)('says where a value lives with %s storage', async (persistence, message) => {
    const { field, input } = await renderCredentials(persistence);
    type(input, secret);
    fireEvent.submit(field);
    expect(await within(field).findByText(message)).toBeDefined();
  });

  it('refuses to save an empty value and sends nothing', async () => {
    const { fake, field, input } = await renderCredentials();
    type(input, '   ');
    fireEvent.submit(field);
    expect(await within(field).findByText('Type a value to save, or use Clear to remove it.')).toBeDefined();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(fake.callsTo('credentials:set')).toEqual([]);
  });

  it('clears a stored value on request', async () => {
    const { fake, field } = await renderCredentials();
    expect(within(field).getByText('Set: kept in the OS keychain.')).toBeDefined();
    fireEvent.click(within(field).getByRole('button', { name: 'Clear refresh token' }));
    expect(await within(field).findByText('Cleared.')).toBeDefined();
    expect(fake.callsTo('credentials:set')).toEqual([{ environmentId: 'sandbox', name: 'refreshToken', value: '' }]);
    expect(fake.storedSecrets()).toEqual([]);
  });

  it('shows the machine-mode fields after switching the auth mode, and the address provider key in both', async () => {
    const staging: Environment = { id: 'staging', name: 'Staging', baseUrl: 'https://staging.example.com', authMode: 'machine' };
    const fake = createFakeApi();
    await fake.api['environment:add']({ input: { name: 'Staging', baseUrl: staging.baseUrl, authMode: 'machine' } });
    renderWithApi(fake.api, <CredentialsSection environments={[sandbox, staging]} selectedId="staging" />);
    expect(await screen.findByRole('form', { name: 'Client secret' })).toBeDefined();
    expect(screen.getByRole('form', { name: 'Client id' })).toBeDefined();
    expect(screen.getByRole('form', { name: 'Address provider key' })).toBeDefined();
    expect(screen.queryByRole('form', { name: 'Refresh token' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Developer: a refresh token from My Tokens'));
    await waitFor(() => { expect(fake.callsTo('environment:set-auth-mode')).toEqual([{ id: 'staging', mode: 'developer' }]); });
  });
});
