import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/App.tsx';
import { formatClockTime } from '../../renderer/format-time.ts';
import { createFakeApi } from './support/fake-api.ts';
import { renderWithApi } from './support/render-app.tsx';

afterEach(cleanup);

const now = Date.UTC(2025, 0, 6, 9, 30);

async function renderApp() {
  const fake = createFakeApi({ now: () => now });
  await fake.api['environment:add']({ input: { name: 'Staging', baseUrl: 'https://staging.example.com', authMode: 'developer' } });
  renderWithApi(fake.api, <App />);
  const banner = await screen.findByRole('banner');
  return { fake, banner };
}

describe('the header', () => {
  it('preselects Sandbox, badges it, and signs it in on open', async () => {
    const { fake, banner } = await renderApp();
    const picker = within(banner).getByRole('combobox', { name: 'Environment' });
    expect(picker).toHaveProperty('value', 'sandbox');
    expect(within(banner).getByText('Sandbox: no real purchases')).toBeDefined();
    expect(await within(banner).findByText(`Signed in: token valid until ${formatClockTime(now + 3_600_000)}`)).toBeDefined();
    // How it signs in is in the status's details, not jargon on the first screen.
    expect(within(banner).queryByText(/Developer mode/)).toBeNull();
    expect(within(banner).getByText(/token valid until/).getAttribute('title')).toBe('Developer mode: a refresh token from My Tokens');
    expect(fake.callsTo('auth:sign-in')).toEqual([{ environmentId: 'sandbox' }]);
  });

  it('switches environment, shows its own state, and says why sign-in cannot work', async () => {
    const { fake, banner } = await renderApp();
    await within(banner).findByText(/token valid until/);
    fireEvent.change(within(banner).getByRole('combobox', { name: 'Environment' }), { target: { value: 'staging' } });

    expect(await within(banner).findByText('Live: purchases are real')).toBeDefined();
    expect(await within(banner).findByText('Signed out: no credentials set')).toBeDefined();
    expect(fake.callsTo('environment:select')).toEqual([{ id: 'staging' }]);
    // Nothing to sign in with, so nothing was tried on open.
    expect(fake.callsTo('auth:sign-in')).toEqual([{ environmentId: 'sandbox' }]);

    fireEvent.click(within(banner).getByRole('button', { name: 'Sign in' }));
    const alert = await within(banner).findByRole('alert');
    expect(alert.textContent).toContain('This environment is not fully set up');
  });

  it('shows the invalid_grant message when the refresh token is rejected', async () => {
    const { fake, banner } = await renderApp();
    await fake.api['credentials:set']({ environmentId: 'staging', name: 'developerClientId', value: 'developer-client' });
    await fake.api['credentials:set']({ environmentId: 'staging', name: 'refreshToken', value: 'rejected-token' });
    fireEvent.change(within(banner).getByRole('combobox', { name: 'Environment' }), { target: { value: 'staging' } });
    const alert = await within(banner).findByRole('alert');
    expect(alert.textContent).toContain('Your refresh token was rejected.');
    expect(alert.textContent).toContain('Paste a new one from My Tokens');
    expect(await within(banner).findByText('Signed out: no credentials set')).toBeDefined();
  });

  it('signs out on request and does not sign straight back in', async () => {
    const { fake, banner } = await renderApp();
    await within(banner).findByText(/token valid until/);
    fireEvent.click(within(banner).getByRole('button', { name: 'Sign out' }));
    expect(await within(banner).findByText('Signed out')).toBeDefined();
    expect(within(banner).getByRole('button', { name: 'Sign in' })).toBeDefined();
    expect(fake.callsTo('auth:sign-in')).toHaveLength(1);
  });

  it('follows pushed auth:changed events', async () => {
    const { fake, banner } = await renderApp();
    await within(banner).findByText(/token valid until/);
    fake.emit('auth:changed', { environmentId: 'sandbox', mode: 'machine', signedIn: false, expiresAt: null, credentials: 'session' });
    await waitFor(() => { expect(within(banner).getByText('Signed out').getAttribute('title')).toBe('Machine mode: a client id and secret'); });
  });

  it('says once, while it lasts, that a replaced refresh token could not be stored', async () => {
    const { fake, banner } = await renderApp();
    await within(banner).findByText(/token valid until/);
    expect(within(banner).queryByRole('alert')).toBeNull();
    const signedIn = { environmentId: 'sandbox', mode: 'developer', signedIn: true, expiresAt: now + 3_600_000, credentials: 'session' } as const;
    fake.emit('auth:changed', { ...signedIn, refreshTokenUnsaved: true });
    const alert = await within(banner).findByRole('alert');
    expect(alert.textContent).toContain('could not be stored');
    // Still signed in: the new token is in use.
    expect(within(banner).getByText(/token valid until/)).toBeDefined();
    fake.emit('auth:changed', signedIn);
    await waitFor(() => { expect(within(banner).queryByRole('alert')).toBeNull(); });
  });

  it('names why the team database cannot be used: unreachable, no TLS, a certificate refused', async () => {
    const { fake, banner } = await renderApp();
    const database = 'postgres://td_acme_front@db.example.com:5432/team (TLS require)';
    const since = now - 60_000;
    const away = { state: 'unreachable', database, desk: 'front', since, pendingSync: 0 } as const;
    const tls = "The team database at postgres://td_acme_front@db.example.com:5432/team (TLS require) does not offer TLS, and this desk's URL demands it (sslmode=require): nothing was sent. The server's admin turns TLS on (ssl = on).";
    fake.emit('team:changed', { ...away, away: 'tls-not-offered', reason: tls });
    const status = await within(banner).findByText(`No TLS from the team database since ${formatClockTime(since)}: new purchases are refused`);
    expect(within(banner).getByText(tls)).toBeDefined();
    // The tooltip names the database with the whole reason, for a header too narrow to show it.
    expect(status.parentElement?.getAttribute('title')).toBe(`${database}\n${tls}`);
    expect(within(banner).queryByText(/unreachable/)).toBeNull();

    fake.emit('team:changed', { ...away, away: 'certificate', reason: 'The team database at … presented a certificate that does not name the host in the URL (ERR_TLS_CERT_ALTNAME_INVALID): nothing was sent.' });
    expect(await within(banner).findByText(/^Team database certificate refused since .*: new purchases are refused$/)).toBeDefined();
    fake.emit('team:changed', { ...away, away: 'unreachable', reason: 'The team database at … cannot be reached (ECONNREFUSED).' });
    expect(await within(banner).findByText(/^Team database unreachable since .*: new purchases are refused$/)).toBeDefined();
    // A core that says no why: unreachable, as before.
    fake.emit('team:changed', { ...away, reason: 'The team database at … stopped answering (ECONNRESET).' });
    const reason = await within(banner).findByText('The team database at … stopped answering (ECONNRESET).');
    expect(reason.parentElement?.textContent).toMatch(/^Team database unreachable since .*: new purchases are refused/);
  });

  it('names a refused password, a login no longer a desk and a schema it cannot use, never "unreachable"', async () => {
    const { fake, banner } = await renderApp();
    const database = 'postgres://td_acme_front@db.example.com:5432/team (TLS require)';
    const since = now - 60_000;
    const at = formatClockTime(since);
    const away = { state: 'unreachable', database, desk: 'front', since, pendingSync: 0 } as const;
    const password = "The team database at postgres://td_acme_front@db.example.com:5432/team (TLS require) refused this desk's login: check its name and password. Nothing was sent.";
    fake.emit('team:changed', { ...away, away: 'password', reason: password });
    expect(await within(banner).findByText(`Team database refused this desk's password since ${at}: new purchases are refused`)).toBeDefined();
    expect(within(banner).getByText(password)).toBeDefined();
    fake.emit('team:changed', { ...away, away: 'not-a-desk', reason: 'The team database refused: the login td_acme_front is not an active desk of a team.' });
    expect(await within(banner).findByText(`This login is no longer a desk of the team since ${at}: new purchases are refused`)).toBeDefined();
    fake.emit('team:changed', { ...away, away: 'schema-newer', schemaVersion: 9, reason: "The team database at …: the team database's schema is version 9, newer than this TitleDesk knows (7)." });
    expect(await within(banner).findByText(`Team database schema 9 needs a newer TitleDesk (since ${at}): new purchases are refused`)).toBeDefined();
    fake.emit('team:changed', { ...away, away: 'schema-older', schemaVersion: 5, reason: 'The team database at … has schema version 5; this TitleDesk needs 7: the team\'s admin runs "titledesk team migrate".' });
    expect(await within(banner).findByText(`Team database schema 5 needs "titledesk team migrate" (since ${at}): new purchases are refused`)).toBeDefined();
    expect(within(banner).queryByText(/unreachable/)).toBeNull();
  });

  it('opens settings from the header and gives focus back when they close', async () => {
    const { banner } = await renderApp();
    const button = within(banner).getByRole('button', { name: 'Settings' });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => { expect(screen.queryByRole('dialog')).toBeNull(); });
    expect(document.activeElement).toBe(button);
  });
});
