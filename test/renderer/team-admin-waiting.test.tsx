// Settings → Team's "Purchases waiting for their desk": each purchase's variables by name (the
// whole IRI in the name's tooltip), and Release judged by the database's clock, not this computer's.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TeamWaitingBlock } from '../../renderer/components/settings/team-admin/TeamWaitingBlock.tsx';
import type { TeamAdminView, TeamAdminWaiting } from '../../shared/team/team-admin-view.ts';
import { createFakeApi } from './support/fake-api.ts';
import { renderWithApi } from './support/render-app.tsx';

afterEach(cleanup);

const minute = 60_000;
const ownerIri = 'https://sandbox.invalid/vars/HMLR/Register#Proprietorship/Owner/owner_name';
const valueIri = 'https://sandbox.invalid/variable/Zoopla/Property Data/Market/estimated_value/provenance/model';

function waiting(releasableAt: number, variables: string[] = [ownerIri]): TeamAdminWaiting {
  return { purchaseId: '42', desk: 'alpha', resourceKind: 'title', resource: 'WYK1', variables, lastReportAt: releasableAt - 15 * minute, releasableAt };
}

/** The database's clock `offset` ms from this computer's, read just now. */
function clockOff(offset: number): TeamAdminView['clock'] {
  const readAt = Date.now();
  return { databaseNow: readAt + offset, readAt };
}

function renderWaiting(item: TeamAdminWaiting, clock: TeamAdminView['clock']): HTMLElement {
  renderWithApi(createFakeApi().api, <TeamWaitingBlock waiting={[item]} clock={clock} canRelease />);
  return within(screen.getByRole('list', { name: 'Purchases waiting for their desk' })).getByRole('listitem');
}

describe('Settings → Team: purchases waiting for their desk', () => {
  it('names the variables by name, with the whole IRI as each name\'s tooltip', () => {
    const item = renderWaiting(waiting(Date.now() + 5 * minute, [ownerIri, valueIri]), clockOff(0));
    expect(item.querySelector('p')?.textContent).toBe('Title WYK1: owner_name, estimated_value (team purchase 42)');
    expect(within(item).getByText('owner_name').getAttribute('title')).toBe(ownerIri);
    expect(within(item).getByText('estimated_value').getAttribute('title')).toBe(valueIri);
    expect(item.textContent).not.toContain('https://');
  });

  it('offers Release once the database\'s clock has passed the release time, though this computer\'s has not', () => {
    // Releasable 5 minutes from now here, 5 minutes ago by a database whose clock is 10 minutes ahead.
    const item = renderWaiting(waiting(Date.now() + 5 * minute), clockOff(10 * minute));
    const release = within(item).getByRole('button', { name: 'Release team purchase 42' });
    expect((release as HTMLButtonElement).disabled).toBe(false);
    expect(item.textContent).toMatch(/releasable since \d\d:\d\d\./);
  });

  it('keeps Release disabled while the database\'s clock has not reached it, though this computer\'s has', () => {
    // Releasable 5 minutes ago here, in 5 minutes by a database whose clock is 10 minutes behind.
    const item = renderWaiting(waiting(Date.now() - 5 * minute), clockOff(-10 * minute));
    const release = within(item).getByRole('button', { name: 'Release team purchase 42 (in 5 min)' });
    expect((release as HTMLButtonElement).disabled).toBe(true);
    expect(item.textContent).toMatch(/can be released at \d\d:\d\d\./);
  });
});
