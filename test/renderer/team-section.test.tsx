// Settings → Team in jsdom: the URL's TLS said as it is typed, field errors in words before any
// call, and a typed password that reaches the api once and nothing else: not the markup, not an
// input after saving, not the query or mutation caches (where TanStack keeps variables).
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../renderer/api/query-client.ts';
import { TeamSection } from '../../renderer/components/settings/TeamSection.tsx';
import { TeamTestResult } from '../../renderer/components/settings/TeamTestResult.tsx';
import type { TitleDeskApi } from '../../shared/contract/api.ts';
import type { TeamSetting, TeamView } from '../../shared/team/team-setting.ts';
import { createFakeApi } from './support/fake-api.ts';
import { renderWithApi } from './support/render-app.tsx';

afterEach(cleanup);

const password = 'Team-Passw0rd-5b1d9c7e';

/** The fake api with a Settings → Team kept in memory, as core keeps it: the password never returned. */
function teamApi() {
  const fake = createFakeApi();
  let setting: TeamSetting | null = null;
  let kept: string | undefined;
  const sent: unknown[] = [];
  const view = (): TeamView => ({ setting, password: kept === undefined ? 'not-set' : 'saved', passwordKeptIn: 'os-keychain' });
  const api: TitleDeskApi = {
    ...fake.api,
    'team:get': () => Promise.resolve({ ok: true, data: view() }),
    'team:save': (request) => {
      sent.push(request);
      setting = request.setting;
      kept = request.password ?? kept;
      return Promise.resolve({ ok: true, data: view() });
    },
    'team:test': (request) => {
      sent.push(request);
      return Promise.resolve({ ok: true, data: { ok: false, problem: 'password', message: "The team database at postgres://desk@db.example.com:5432/team (TLS verify-full) refused this desk's login: check its name and password." } });
    },
  };
  return { api, sent };
}

function field(form: HTMLElement, label: string): HTMLInputElement {
  const input = within(form).getByLabelText(label);
  if (!(input instanceof HTMLInputElement)) throw new Error(`${label} is not an input`);
  return input;
}

describe('Settings → Team', () => {
  it('says the TLS a URL gets, and refuses a URL carrying a login before any call', async () => {
    const { api, sent } = teamApi();
    renderWithApi(api, <TeamSection />);
    const form = await screen.findByRole('form', { name: 'Team database' });
    fireEvent.change(field(form, 'Team database URL'), { target: { value: 'postgres://db.example.com:5432/team' } });
    expect(within(form).getByText(/^TLS verify-full: encrypted/)).toBeDefined();
    fireEvent.change(field(form, 'Team database URL'), { target: { value: 'postgres://127.0.0.1:5432/team' } });
    expect(within(form).getByText(/^No TLS: the server is on this machine/)).toBeDefined();
    fireEvent.change(field(form, 'Team database URL'), { target: { value: `postgres://desk:${password}@db.example.com/team` } });
    fireEvent.submit(form);
    expect(await within(form).findByText(/Leave the login and password out of the URL/)).toBeDefined();
    expect(within(form).getByText('The desk’s login is needed.')).toBeDefined();
    expect(sent).toEqual([]);
  });

  it('sends a typed password once and keeps it nowhere the page or its caches can show', async () => {
    const { api, sent } = teamApi();
    const queryClient = createQueryClient();
    const rendered = renderWithApi(api, <TeamSection />, queryClient);
    const form = await screen.findByRole('form', { name: 'Team database' });
    fireEvent.change(field(form, 'Team database URL'), { target: { value: 'postgres://db.example.com:5432/team' } });
    fireEvent.change(field(form, 'Desk login'), { target: { value: 'td_acme_front' } });
    fireEvent.change(field(form, 'Password'), { target: { value: password } });
    expect(rendered.container.innerHTML).not.toContain(password);

    fireEvent.click(within(form).getByRole('button', { name: 'Test connection' }));
    expect(await within(form).findByText('Wrong login or password')).toBeDefined();
    expect(field(form, 'Password').getAttribute('aria-invalid')).toBe('true');

    fireEvent.submit(form);
    await waitFor(() => { expect(within(form).getByText('Saved: kept in the OS keychain.')).toBeDefined(); });
    expect(field(form, 'Password').value).toBe('');
    expect(sent).toEqual([
      { setting: { databaseUrl: 'postgres://db.example.com:5432/team', login: 'td_acme_front' }, password },
      { setting: { databaseUrl: 'postgres://db.example.com:5432/team', login: 'td_acme_front' }, password },
    ]);
    const caches = JSON.stringify([
      queryClient.getQueryCache().getAll().map((query) => query.state.data),
      queryClient.getMutationCache().getAll().map((mutation) => [mutation.state.variables, mutation.state.data]),
    ]);
    expect(caches).not.toContain(password);
    expect(rendered.container.innerHTML).not.toContain(password);
  });
});

describe('Test connection on a schema it does not match', () => {
  const message = 'The team database is at schema 9; this TitleDesk knows up to 7.';
  it('names the version and what to do, as the header does', () => {
    render(<TeamTestResult result={{ ok: false, problem: 'schema', message, away: 'schema-newer', schemaVersion: 9 }} />);
    expect(screen.getByRole('alert').querySelector('.error-message')?.textContent).toBe('Team database schema 9 needs a newer TitleDesk');
    cleanup();
    render(<TeamTestResult result={{ ok: false, problem: 'schema', message, away: 'schema-older', schemaVersion: 5 }} />);
    expect(screen.getByRole('alert').querySelector('.error-message')?.textContent).toBe('Team database schema 5 needs "titledesk team migrate"');
  });

  it('keeps the general title from a core that does not say which way', () => {
    render(<TeamTestResult result={{ ok: false, problem: 'schema', message }} />);
    expect(screen.getByRole('alert').querySelector('.error-message')?.textContent).toBe('The team database’s version does not match this TitleDesk');
  });
});
