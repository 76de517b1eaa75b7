import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdvancedSection } from '../../renderer/components/settings/AdvancedSection.tsx';
import { defaultAdvancedSettings } from '../../shared/environment/environment.ts';
import { createFakeApi } from './support/fake-api.ts';
import { renderWithApi } from './support/render-app.tsx';

afterEach(cleanup);

function renderAdvanced() {
  const fake = createFakeApi();
  renderWithApi(fake.api, <AdvancedSection settings={defaultAdvancedSettings} />);
  const form = screen.getByRole('form', { name: 'Advanced settings' });
  const set = (label: string, value: string): void => { fireEvent.change(screen.getByLabelText(label), { target: { value } }); };
  return { fake, form, set };
}

describe('advanced settings', () => {
  it('shows out-of-range values inline and sends nothing', async () => {
    const { fake, form, set } = renderAdvanced();
    set('Token refresh period (minutes)', '0');
    set('Concurrent requests per service', 'many');
    fireEvent.submit(form);
    expect(await screen.findByText('Enter a whole number.')).toBeDefined();
    expect(screen.getByLabelText('Token refresh period (minutes)').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Token refresh period (minutes)'));
    expect(fake.callsTo('settings:update')).toEqual([]);
  });

  it('will not let a first retry delay exceed its longest, for sign-in or for purchase checks', async () => {
    const { fake, form, set } = renderAdvanced();
    set('First sign-in retry delay (ms)', '9000');
    set('Longest sign-in retry delay (ms)', '1000');
    set('First purchase-check retry delay (ms)', '50000');
    set('Longest purchase-check retry delay (ms)', '2000');
    fireEvent.submit(form);
    expect(await screen.findByText('Must be at least the first sign-in retry delay.')).toBeDefined();
    expect(screen.getByText('Must be at least the first purchase-check retry delay.')).toBeDefined();
    expect(fake.callsTo('settings:update')).toEqual([]);
  });

  it('saves the polling limits', async () => {
    const { fake, form, set } = renderAdvanced();
    set('Purchase checks failing in a row', '3');
    set('Longest purchase-check retry delay (ms)', '10000');
    fireEvent.submit(form);
    await waitFor(() => {
      expect(fake.callsTo('settings:update')).toEqual([{ advanced: { ...defaultAdvancedSettings, pollMaxAttempts: 3, pollBackoffMaxMs: 10_000 } }]);
    });
  });

  it('saves valid settings', async () => {
    const { fake, form, set } = renderAdvanced();
    set('Token refresh period (minutes)', '30');
    set('Concurrent requests per service', '4');
    fireEvent.submit(form);
    await waitFor(() => {
      expect(fake.callsTo('settings:update')).toEqual([{ advanced: { ...defaultAdvancedSettings, tokenRefreshMinutes: 30, maxConcurrentRequests: 4 } }]);
    });
    expect(await screen.findByText('Saved. Token and retry settings apply now; concurrent requests after TitleDesk restarts.')).toBeDefined();
  });
});
