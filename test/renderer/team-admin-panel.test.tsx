// Settings → Team's team panel in jsdom: an analyst reads, an admin changes budgets, the team's
// settings and desks (deactivating only after a confirmation), support releases a waiting purchase
// once its claim timeout has passed (before then the button waits and says how long), and every
// refusal of the team database is shown in its words.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TeamAdminPanel } from '../../renderer/components/settings/team-admin/index.ts';
import type { TitleDeskApi } from '../../shared/contract/api.ts';
import type { AppErrorData } from '../../shared/errors/errors.ts';
import { teamAdminChangeSchema, type TeamAdminChange } from '../../shared/team/team-admin.ts';
import type { TeamAdminView } from '../../shared/team/team-admin-view.ts';
import { createFakeApi } from './support/fake-api.ts';
import { renderWithApi } from './support/render-app.tsx';

afterEach(cleanup);

const minute = 60_000;

function overview(role: TeamAdminView['desk']['role'], releasableAt = Date.now() + 5 * minute): TeamAdminView {
  return {
    desk: { name: 'dana', role },
    team: { name: 'Acme', reuseWindowSeconds: 30 * 86_400, claimTimeoutSeconds: 900, timeZone: 'Europe/London' },
    budgets: [{ currency: 'GBP', period: 'day', periodStart: '2026-12-02', limit: '100.0000', spent: '12.5000' }],
    desks: [
      { name: 'dana', role, active: true },
      { name: 'alpha', role: 'analyst', active: true },
    ],
    waiting: [{ purchaseId: '42', desk: 'alpha', resourceKind: 'title', resource: 'WYK1', variables: ['owner', 'price'], lastReportAt: releasableAt - 15 * minute, releasableAt }],
    clock: { databaseNow: Date.now(), readAt: Date.now() },
  };
}

/** The fake api with the team panel's two channels: each change recorded, answered by `answer`. */
function adminApi(view: TeamAdminView, answer: (change: TeamAdminChange) => TeamAdminView | AppErrorData = () => view) {
  const fake = createFakeApi();
  const changes: TeamAdminChange[] = [];
  let current = view;
  const api: TitleDeskApi = {
    ...fake.api,
    'team:admin': () => Promise.resolve({ ok: true, data: current }),
    'team:admin-change': (request) => {
      // Parsed as core parses it at the boundary.
      const change = teamAdminChangeSchema.parse(request);
      changes.push(change);
      const result = answer(change);
      if ('code' in result) return Promise.resolve({ ok: false, error: result });
      current = result;
      return Promise.resolve({ ok: true, data: result });
    },
  };
  return { api, changes };
}

describe('Settings → Team: the team panel', () => {
  it('shows an analyst the team read-only: settings, budgets with spend, desks and what waits', async () => {
    const { api } = adminApi(overview('analyst'));
    renderWithApi(api, <TeamAdminPanel />);
    const panel = await screen.findByRole('region', { name: 'Team Acme' });
    expect(within(panel).getByText('Reuse window').tagName).toBe('DT');
    expect(panel.textContent).toContain('30 days');
    expect(panel.textContent).toContain('15 min');
    expect(panel.textContent).toContain('Europe/London');
    const budgets = within(panel).getByRole('table', { name: 'Team budgets' });
    expect(budgets.textContent).toContain('£100.00');
    expect(budgets.textContent).toContain('£12.50 today');
    expect(within(panel).getByRole('table', { name: 'Team desks' }).textContent).toContain('dana (this desk)');
    expect(within(panel).getByText(/^Begun by desk alpha, no report since \d\d:\d\d; can be released at \d\d:\d\d\.$/)).toBeDefined();
    expect(within(panel).queryAllByRole('button')).toEqual([]);
    expect(within(panel).queryByRole('form')).toBeNull();
    expect(within(panel).queryByRole('textbox')).toBeNull();
  });

  it('lets an admin change the settings, in words with units, and refuses a bare number before any call', async () => {
    const { api, changes } = adminApi(overview('admin'), (change) => ({ ...overview('admin'), team: { ...overview('admin').team, ...(change.kind === 'settings' ? { reuseWindowSeconds: change.reuseWindowSeconds ?? 0 } : {}) } }));
    renderWithApi(api, <TeamAdminPanel />);
    const form = await screen.findByRole('form', { name: 'Team settings' });
    const reuse = within(form).getByLabelText('Reuse window');
    expect((reuse as HTMLInputElement).value).toBe('30 days');
    fireEvent.change(reuse, { target: { value: '12' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('Give the reuse window as a number and a unit: 12 alone could be seconds or minutes (12 s, 12 min).')).toBeDefined();
    fireEvent.change(within(form).getByLabelText('Time zone'), { target: { value: 'Mars/Olympus' } });
    fireEvent.submit(form);
    expect(await within(form).findByText(/Mars\/Olympus is not a time zone/)).toBeDefined();
    expect(changes).toEqual([]);

    fireEvent.change(within(screen.getByRole('form', { name: 'Team settings' })).getByLabelText('Reuse window'), { target: { value: '12 h' } });
    fireEvent.change(within(screen.getByRole('form', { name: 'Team settings' })).getByLabelText('Time zone'), { target: { value: 'Europe/London' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Team settings' }));
    await waitFor(() => { expect(changes).toEqual([{ kind: 'settings', reuseWindowSeconds: 43_200, claimTimeoutSeconds: 900, timeZone: 'Europe/London' }]); });
    // The saved setting in the same words as everywhere else (shared/team/team-duration.ts).
    await waitFor(() => { expect(within(screen.getByRole('form', { name: 'Team settings' })).getByLabelText<HTMLInputElement>('Reuse window').value).toBe('12 hours'); });
  });

  it('lets an admin set and remove a budget; a refusal is said in the team database’s words', async () => {
    const refusal: AppErrorData = { code: 'unauthorized', message: 'Setting a budget limit needs an admin desk: this desk (dana) is a support desk of its team.' };
    let refuse = false;
    const { api, changes } = adminApi(overview('admin'), () => (refuse ? refusal : overview('admin')));
    renderWithApi(api, <TeamAdminPanel />);
    const form = await screen.findByRole('form', { name: 'Set a team budget' });
    fireEvent.change(within(form).getByLabelText('Currency'), { target: { value: 'gbp' } });
    fireEvent.change(within(form).getByLabelText('Period'), { target: { value: 'month' } });
    fireEvent.change(within(form).getByLabelText('Limit'), { target: { value: '12,50' } });
    fireEvent.submit(form);
    expect(await within(form).findByText(/A limit is an amount like 250/)).toBeDefined();
    expect(changes).toEqual([]);
    fireEvent.change(within(form).getByLabelText('Limit'), { target: { value: '2500' } });
    fireEvent.submit(form);
    await waitFor(() => { expect(changes).toEqual([{ kind: 'budget', currency: 'GBP', period: 'month', limit: '2500' }]); });
    expect(await within(form).findByText('The monthly GBP limit is £2,500.00 now.')).toBeDefined();

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Remove the GBP daily limit' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This desk’s role may not do that.');
    expect(alert.textContent).toContain(refusal.message);
    expect(changes.at(-1)).toEqual({ kind: 'budget', currency: 'GBP', period: 'day', limit: null });
  });

  it('asks before deactivating a desk, and applies a role only when asked', async () => {
    const { api, changes } = adminApi(overview('admin'));
    renderWithApi(api, <TeamAdminPanel />);
    const desks = await screen.findByRole('table', { name: 'Team desks' });
    const apply = within(desks).getByRole('button', { name: 'Apply role for desk alpha' });
    expect(apply).toHaveProperty('disabled', true);
    fireEvent.change(within(desks).getByLabelText('Role of desk alpha'), { target: { value: 'support' } });
    expect(apply).toHaveProperty('disabled', false);
    fireEvent.click(apply);
    await waitFor(() => { expect(changes).toEqual([{ kind: 'desk', name: 'alpha', role: 'support' }]); });

    fireEvent.click(within(desks).getByRole('button', { name: 'Deactivate desk alpha' }));
    const confirm = within(desks).getByRole('group', { name: 'Confirm deactivating desk alpha' });
    const yes = within(confirm).getByRole('button', { name: 'Deactivate' });
    expect(document.activeElement).toBe(yes);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(changes).toHaveLength(1);
    expect(document.activeElement).toBe(within(desks).getByRole('button', { name: 'Deactivate desk alpha' }));
    fireEvent.click(within(desks).getByRole('button', { name: 'Deactivate desk alpha' }));
    fireEvent.click(within(within(desks).getByRole('group', { name: 'Confirm deactivating desk alpha' })).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => { expect(changes.at(-1)).toEqual({ kind: 'desk', name: 'alpha', active: false }); });
  });

  it('keeps Release disabled with the time left until the claim timeout, then releases after a confirmation', async () => {
    const { api, changes } = adminApi(overview('support'), () => ({ ...overview('support'), waiting: [] }));
    renderWithApi(api, <TeamAdminPanel />);
    const waiting = await screen.findByRole('list', { name: 'Purchases waiting for their desk' });
    const early = within(waiting).getByRole('button', { name: /^Release team purchase 42 \(in 5 min\)$/ });
    expect(early).toHaveProperty('disabled', true);
    expect(screen.queryByRole('form', { name: 'Team settings' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Set a team budget' })).toBeNull();
    cleanup();

    const ready = adminApi(overview('support', Date.now() - minute), () => ({ ...overview('support'), waiting: [] }));
    renderWithApi(ready.api, <TeamAdminPanel />);
    const list = await screen.findByRole('list', { name: 'Purchases waiting for their desk' });
    expect(within(list).getByText(/releasable since \d\d:\d\d\.$/)).toBeDefined();
    fireEvent.click(within(list).getByRole('button', { name: 'Release team purchase 42' }));
    expect(ready.changes).toEqual([]);
    fireEvent.click(within(within(list).getByRole('group', { name: 'Confirm releasing team purchase 42' })).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('No purchase is waiting for its desk.')).toBeDefined();
    expect(ready.changes).toEqual([{ kind: 'release', purchaseId: '42' }]);
    expect(changes).toEqual([]);
  });

  it('says a too-early release and an unreachable database in words', async () => {
    const early: AppErrorData = { code: 'validation', message: 'Team purchase 42 may still be on its way: desk alpha last reported at 10:00:00, and it becomes releasable at 10:15:00.' };
    const { api } = adminApi(overview('admin', Date.now() - minute), () => early);
    renderWithApi(api, <TeamAdminPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Release team purchase 42' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Confirm releasing team purchase 42' })).getByRole('button', { name: 'Release' }));
    expect((await screen.findByRole('alert')).textContent).toContain(early.message);
    cleanup();

    const away: TitleDeskApi = { ...createFakeApi().api, 'team:admin': () => Promise.resolve({ ok: false, error: { code: 'team_database', message: "The team database at 127.0.0.1:5432 cannot be reached, so the team's budget and reuse cannot be checked. Nothing was sent." } }) };
    renderWithApi(away, <TeamAdminPanel />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The team database cannot be used right now.');
    expect(alert.textContent).toContain('127.0.0.1:5432');
  });
});
