import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EnvironmentSwitcher } from '../../renderer/components/header/EnvironmentSwitcher.tsx';
import { BuyBar } from '../../renderer/features/variable-picker/BuyBar.tsx';
import { environmentKindOf, type Environment } from '../../shared/environment/environment.ts';
import { createFakeApi } from './support/fake-api.ts';
import { renderWithApi } from './support/render-app.tsx';

afterEach(cleanup);

const unclassifiedLocal: Environment = { id: 'mine', name: 'My laptop', baseUrl: 'http://127.0.0.1:8080', authMode: 'developer' };
const staging: Environment = { id: 'staging', name: 'Staging', baseUrl: 'https://staging.example.com', authMode: 'developer', kind: 'staging' };
const live: Environment = { id: 'prod', name: 'Production', baseUrl: 'https://api.whenfresh.com', authMode: 'machine' };

const summary = { count: 1, iris: ['https://api.whenfresh.com/vars/A/B#C/D/E/F'], totals: [{ value: 1, currency: 'GBP' }] };

function badgeFor(environment: Environment): string {
  renderWithApi(createFakeApi().api, <EnvironmentSwitcher environments={[environment]} selected={environment} />);
  const text = document.querySelector('.badge')?.textContent ?? '';
  cleanup();
  return text;
}

describe('environment kinds', () => {
  it('judges an unclassified environment by its address, and a set kind wins', () => {
    expect(environmentKindOf(unclassifiedLocal)).toBe('local');
    expect(environmentKindOf({ ...unclassifiedLocal, baseUrl: 'http://localhost:9000/api' })).toBe('local');
    expect(environmentKindOf(live)).toBe('live');
    expect(environmentKindOf({ ...live, baseUrl: 'https://127.0.0.1.example.com' })).toBe('live');
    expect(environmentKindOf(staging)).toBe('staging');
    expect(environmentKindOf({ ...unclassifiedLocal, kind: 'live' })).toBe('live');
  });

  it('gives only Live the "purchases are real" badge', () => {
    expect(badgeFor(live)).toBe('Live: purchases are real');
    expect(badgeFor(staging)).toBe('Staging: test service');
    expect(badgeFor(unclassifiedLocal)).toBe('Local: test service');
  });

  it('warns of a charge in the confirmation only on Live', () => {
    for (const [environment, charged] of [[live, true], [staging, false], [unclassifiedLocal, false]] as const) {
      renderWithApi(createFakeApi().api, (
        <BuyBar environment={environment} resource={{ kind: 'title', key: 'DN1' }} summary={summary} testTitle={false} markedTestTitle={false} onMarkTestTitle={() => undefined} onBought={() => undefined} />
      ));
      fireEvent.click(screen.getByRole('button', { name: /^Buy 1 variable/ }));
      const dialog = screen.getByRole('dialog', { name: 'Confirm purchase' });
      expect(within(dialog).queryByText(/will be charged/) !== null, environment.name).toBe(charged);
      expect(dialog.querySelector('.badge-live') !== null, environment.name).toBe(charged);
      cleanup();
    }
  });
});
