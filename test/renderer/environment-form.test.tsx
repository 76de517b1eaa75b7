import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsDialog } from '../../renderer/components/settings/SettingsDialog.tsx';
import { createFakeApi, sandbox } from './support/fake-api.ts';
import { renderWithApi } from './support/render-app.tsx';

afterEach(cleanup);

function openAddForm(): HTMLElement {
  fireEvent.click(screen.getByRole('button', { name: 'Add environment' }));
  return screen.getByRole('form', { name: 'Add environment' });
}

function fill(form: HTMLElement, label: string, value: string): void {
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });
}

describe('the environments settings', () => {
  it('refuses a base URL that is not http(s), shows why inline, and sends nothing', async () => {
    const fake = createFakeApi();
    renderWithApi(fake.api, <SettingsDialog environments={[sandbox]} selectedId="sandbox" onClose={() => undefined} />);
    const form = openAddForm();
    fill(form, 'Name', 'Staging');
    fill(form, 'Service base URL', 'javascript:alert(1)');
    fireEvent.submit(form);

    const input = within(form).getByLabelText('Service base URL');
    expect(await within(form).findByText('Must be an http:// or https:// URL.')).toBeDefined();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(`${input.id}-error`);
    expect(document.activeElement).toBe(input);
    expect(fake.callsTo('environment:add')).toEqual([]);
  });

  it('asks for a name, and checks optional provider URLs too', async () => {
    const fake = createFakeApi();
    renderWithApi(fake.api, <SettingsDialog environments={[sandbox]} selectedId="sandbox" onClose={() => undefined} />);
    const form = openAddForm();
    fill(form, 'Name', '');
    fill(form, 'Service base URL', 'https://api.example.com');
    fill(form, 'Find URL', 'not a url');
    fireEvent.submit(form);
    expect(await within(form).findByText('Give the environment a name.')).toBeDefined();
    expect(within(form).getAllByText('Must be an http:// or https:// URL.')).toHaveLength(1);
    expect(document.activeElement).toBe(within(form).getByLabelText('Name'));
    expect(fake.callsTo('environment:add')).toEqual([]);
  });

  it('adds a valid environment with blank optional fields left out', async () => {
    const fake = createFakeApi();
    renderWithApi(fake.api, <SettingsDialog environments={[sandbox]} selectedId="sandbox" onClose={() => undefined} />);
    const form = openAddForm();
    fill(form, 'Name', 'Production');
    fill(form, 'Service base URL', '  https://api.whenfresh.com  ');
    fireEvent.click(within(form).getByLabelText('Machine: a client id and secret'));
    fireEvent.submit(form);
    await waitFor(() => {
      expect(fake.callsTo('environment:add')).toEqual([
        { input: { name: 'Production', baseUrl: 'https://api.whenfresh.com', authMode: 'machine', kind: 'live' } },
      ]);
    });
    await waitFor(() => { expect(screen.queryByRole('form', { name: 'Add environment' })).toBeNull(); });
  });

  it('marks an environment to use the credentials from the environment variables', async () => {
    const fake = createFakeApi();
    renderWithApi(fake.api, <SettingsDialog environments={[sandbox]} selectedId="sandbox" onClose={() => undefined} />);
    const form = openAddForm();
    fill(form, 'Name', 'Staging');
    fill(form, 'Service base URL', 'https://staging.example.com');
    fireEvent.click(within(form).getByLabelText('Machine: a client id and secret'));
    fireEvent.click(within(form).getByLabelText('Use WF_* variables from this computer'));
    fireEvent.submit(form);
    await waitFor(() => {
      expect(fake.callsTo('environment:add')).toEqual([
        { input: { name: 'Staging', baseUrl: 'https://staging.example.com', authMode: 'machine', kind: 'live', credentialsFromEnvironment: true } },
      ]);
    });
  });

  it('lets the user say an environment is Staging or Local, not Live', async () => {
    const fake = createFakeApi();
    renderWithApi(fake.api, <SettingsDialog environments={[sandbox]} selectedId="sandbox" onClose={() => undefined} />);
    const form = openAddForm();
    fill(form, 'Name', 'Team staging');
    // Until one is picked, the kind follows the address: loopback is Local, anything else Live.
    fill(form, 'Service base URL', 'http://127.0.0.1:8080');
    expect(within(form).getByLabelText('Local: a test service on this computer')).toHaveProperty('checked', true);
    fill(form, 'Service base URL', 'https://staging.example.com');
    expect(within(form).getByLabelText('Live: real purchases, charged')).toHaveProperty('checked', true);
    fireEvent.click(within(form).getByLabelText('Staging: a test service'));
    fireEvent.submit(form);
    await waitFor(() => {
      expect(fake.callsTo('environment:add')).toEqual([
        { input: { name: 'Team staging', baseUrl: 'https://staging.example.com', authMode: 'developer', kind: 'staging' } },
      ]);
    });
  });

  it('offers no edit or remove for the built-in Sandbox', () => {
    renderWithApi(createFakeApi().api, <SettingsDialog environments={[sandbox]} selectedId="sandbox" onClose={() => undefined} />);
    const row = screen.getByRole('listitem');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(row.textContent).toContain('cannot be edited or removed');
  });

  it('closes on Escape', () => {
    let closed = 0;
    renderWithApi(createFakeApi().api, <SettingsDialog environments={[sandbox]} selectedId="sandbox" onClose={() => { closed += 1; }} />);
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Settings' }), { key: 'Escape' });
    expect(closed).toBe(1);
  });

  it('adds the environment and then its credentials from the same form, empties them, and offers the tests', async () => {
    const fake = createFakeApi();
    renderWithApi(fake.api, <SettingsDialog environments={[sandbox]} selectedId="sandbox" onClose={() => undefined} />);
    const form = openAddForm();
    fill(form, 'Name', 'Staging');
    fill(form, 'Service base URL', 'https://staging.example.com');
    fireEvent.click(within(form).getByLabelText(/^Machine/));
    expect(within(form).queryByLabelText('Refresh token')).toBeNull();
    fill(form, 'Client id', 'machine-id');
    fill(form, 'Client secret', 'machine-secret-1');
    fireEvent.submit(form);
    const saved = await screen.findByRole('region', { name: 'Staging is saved' });
    expect(within(saved).getByRole('status').textContent).toContain('2 credentials saved.');
    expect(within(saved).getByRole('button', { name: 'Test connection' })).toBeDefined();
    expect(fake.callsTo('environment:add')).toHaveLength(1);
    expect(fake.callsTo('credentials:set')).toEqual([
      { environmentId: 'staging', name: 'clientId', value: 'machine-id' },
      { environmentId: 'staging', name: 'clientSecret', value: 'machine-secret-1' },
    ]);
    // Nothing typed in a secret field stays on the page.
    expect(document.body.innerHTML).not.toContain('machine-secret-1');
  });
});
