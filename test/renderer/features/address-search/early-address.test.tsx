import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AddressSearch } from '../../../../renderer/features/address-search/AddressSearch.tsx';
import { earlyAddressId, forgetEarlyAddress, readEarlyAddress } from '../../../../renderer/features/address-search/early-address.ts';
import { renderWithApi } from '../../support/render-app.tsx';
import { createFeatureApi, ok } from '../support/feature-api.ts';

afterEach(() => {
  cleanup();
  document.getElementById(earlyAddressId)?.remove();
  forgetEarlyAddress();
});

/** index.html's box, typed into: `caret` is where the selection starts and ends. */
function typeEarly(text: string, caret: readonly [number, number], focused = true): HTMLInputElement {
  const box = document.createElement('input');
  box.id = earlyAddressId;
  document.body.append(box);
  box.value = text;
  if (focused) box.focus();
  box.setSelectionRange(caret[0], caret[1]);
  return box;
}

function renderSearch(initialText?: string) {
  const fake = createFeatureApi({ 'address:find': () => ok({ candidates: [] }) });
  renderWithApi(fake.api, <AddressSearch onSelectAddress={() => undefined} onOpenTitle={() => undefined} initialText={initialText} />);
  const input = screen.getByRole('combobox', { name: 'Address, postcode or title number' });
  if (!(input instanceof HTMLInputElement)) throw new Error('The address box is not an input.');
  return { fake, input };
}

describe('typing before the app has started', () => {
  it("the app's box starts with the early box's text, caret and focus, and searches for it", async () => {
    typeEarly('LS236T', [4, 4]);
    const { fake, input } = renderSearch();
    expect(input.value).toBe('LS236T');
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([4, 4]);
    await waitFor(() => { expect(fake.callsTo('address:find')).toEqual([{ text: 'LS236T' }]); });
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('text typed and left (focus elsewhere) is kept, without taking the focus back or opening suggestions', () => {
    typeEarly('Tannery', [7, 7], false);
    const { input } = renderSearch();
    expect(input.value).toBe('Tannery');
    expect(document.activeElement).not.toBe(input);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('is handed over once: a box rendered after that starts empty', () => {
    const early = typeEarly('LS23', [4, 4]);
    renderSearch();
    cleanup();
    early.remove();
    expect(renderSearch().input.value).toBe('');
  });

  it('survives a first screen without the box (an error, then Try again)', () => {
    const early = typeEarly('LS23', [4, 4]);
    readEarlyAddress(document);
    early.remove();
    expect(renderSearch().input.value).toBe('LS23');
  });

  it('a text given to the box (the first-run sample) wins over the early box', () => {
    typeEarly('LS23', [4, 4]);
    expect(renderSearch('DN147408').input.value).toBe('DN147408');
  });
});
