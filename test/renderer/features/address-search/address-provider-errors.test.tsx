import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AddressSearch } from '../../../../renderer/features/address-search/AddressSearch.tsx';
import { ConnectionTests } from '../../../../renderer/components/settings/ConnectionTests.tsx';
import { errorWords } from '../../../../shared/errors/error-messages.ts';
import type { ProviderErrorDetail } from '../../../../shared/errors/provider-errors.ts';
import { renderWithApi } from '../../support/render-app.tsx';
import { createFeatureApi, ok } from '../support/feature-api.ts';

afterEach(cleanup);

const outOfCredit: ProviderErrorDetail = {
  error: '3',
  description: 'Account out of credit',
  cause: 'The account has no credit left, or too little for this request.',
  resolution: 'Check the account balance and top it up.',
};

describe('an address provider account error where the search happens', () => {
  it("shows TitleDesk's headline and action with the provider's own Description, Cause, Resolution and number", async () => {
    const fake = createFeatureApi({
      'address:find': () => ({ ok: false, error: { code: 'provider_out_of_credit', message: 'Address provider error 3: Account out of credit.', provider: outOfCredit } }),
    });
    renderWithApi(fake.api, <AddressSearch onSelectAddress={() => undefined} onOpenTitle={() => undefined} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'Tannery Crescent' } });
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-error-code')).toBe('provider_out_of_credit');
    const text = alert.textContent;
    expect(text.startsWith(errorWords.provider_out_of_credit.headline)).toBe(true);
    expect(text).toContain(`The address provider said: “${outOfCredit.description} — ${outOfCredit.cause}” (error 3)`);
    expect(text).toContain(`Its advice: “${outOfCredit.resolution}”`);
    expect(text.endsWith(errorWords.provider_out_of_credit.action)).toBe(true);
    // The message made from the provider's words is not shown a second time.
    expect(text).not.toContain('Address provider error 3');
  });
});

describe('"Test key" in Settings', () => {
  it('names which refusal it is, beside the provider words', async () => {
    const fake = createFeatureApi({
      'address:test-key': () =>
        ok({
          environmentId: 'sandbox',
          ok: false,
          steps: [{ step: 'find', ok: false, ms: 12, summary: 'The address provider refused: Key daily limit exceeded (error 8).' }],
          providerError: 'Key daily limit exceeded. Raise the daily limit.',
          refusal: { code: 'provider_limit_reached', provider: { error: '8', description: 'Key daily limit exceeded', cause: 'Used up.', resolution: 'Raise the daily limit.' } },
          umrrn: 'unknown',
        }),
    });
    renderWithApi(fake.api, <ConnectionTests environmentId="sandbox" />);
    fireEvent.click(screen.getByRole('button', { name: 'Test key' }));
    const section = await screen.findByRole('region', { name: 'Key test' });
    await waitFor(() => { expect(within(section).getByText(errorWords.provider_limit_reached.headline)).toBeDefined(); });
    expect(section.textContent).toContain('“Key daily limit exceeded — Used up.” (error 8)');
    expect(section.textContent).toContain('Its advice: “Raise the daily limit.”');
    expect(section.textContent).toContain(errorWords.provider_limit_reached.action);
  });
});
