// Settings → Team's "Purchases waiting for their desk": each purchase's variables by name, the
// whole IRI in the name's tooltip.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TeamWaitingBlock } from '../../renderer/components/settings/team-admin/TeamWaitingBlock.tsx';
import type { TeamAdminWaiting } from '../../shared/team/team-admin-view.ts';
import { createFakeApi } from './support/fake-api.ts';
import { renderWithApi } from './support/render-app.tsx';

afterEach(cleanup);

const minute = 60_000;
const ownerIri = 'https://sandbox.invalid/vars/HMLR/Register#Proprietorship/Owner/owner_name';
const valueIri = 'https://sandbox.invalid/variable/Zoopla/Property Data/Market/estimated_value/provenance/model';

function waiting(variables: string[]): TeamAdminWaiting {
  const releasableAt = Date.now() + 5 * minute;
  return { purchaseId: '42', desk: 'alpha', resourceKind: 'title', resource: 'WYK1', variables, lastReportAt: releasableAt - 15 * minute, releasableAt };
}

describe('Settings → Team: purchases waiting for their desk', () => {
  it('names the variables by name, with the whole IRI as each name\'s tooltip', () => {
    renderWithApi(createFakeApi().api, <TeamWaitingBlock waiting={[waiting([ownerIri, valueIri])]} canRelease={false} />);
    const item = within(screen.getByRole('list', { name: 'Purchases waiting for their desk' })).getByRole('listitem');
    expect(item.querySelector('p')?.textContent).toBe('Title WYK1: owner_name, estimated_value (team purchase 42)');
    expect(within(item).getByText('owner_name').getAttribute('title')).toBe(ownerIri);
    expect(within(item).getByText('estimated_value').getAttribute('title')).toBe(valueIri);
    expect(item.textContent).not.toContain('https://');
  });
});
