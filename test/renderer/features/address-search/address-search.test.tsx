import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AddressCandidate } from '../../../../shared/property/address.ts';
import { AddressSearch } from '../../../../renderer/features/address-search/AddressSearch.tsx';
import { Highlighted, splitByRanges } from '../../../../renderer/features/address-search/highlight.tsx';
import { LatestOnly } from '../../../../renderer/features/address-search/latest-only.ts';
import { renderWithApi } from '../../support/render-app.tsx';
import { createFeatureApi, ok } from '../support/feature-api.ts';

afterEach(cleanup);

const postcode: AddressCandidate = {
  id: 'GB|RM|ENG|6TR-LS23',
  type: 'Postcode',
  text: 'LS23 6TR',
  description: 'Tannery Crescent, Boston Spa, Wetherby - 38 Addresses',
  isContainer: true,
  highlight: { text: [[0, 4], [5, 7]], description: [] },
};

function flat(number: number): AddressCandidate {
  return {
    id: `GB|RM|A|14090389|5205066${String(number)}`,
    type: 'Address',
    text: `Flat ${String(number)}, Regent Mansions, 7 Tannery Crescent`,
    description: 'Boston Spa, Wetherby, LS23 6TR',
    isContainer: false,
    highlight: { text: [], description: [[22, 26], [27, 30]] },
  };
}

/** By text content: highlight marks split an option's accessible name in jsdom. */
async function findOption(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const option = screen.getAllByRole('option').find((candidate) => candidate.textContent.includes(text));
    if (option === undefined) throw new Error(`No option with ${text}`);
    return option;
  });
}

function setup() {
  const chosen: AddressCandidate[] = [];
  const titles: string[] = [];
  const fake = createFeatureApi({
    'address:find': (request) => ok({ candidates: request.container === postcode.id ? [flat(1), flat(2)] : [postcode] }),
  });
  renderWithApi(fake.api, <AddressSearch onSelectAddress={(candidate) => chosen.push(candidate)} onOpenTitle={(title) => titles.push(title)} />);
  const input = screen.getByRole('combobox', { name: 'Address, postcode or title number' });
  return { fake, chosen, titles, input };
}

describe('address search combobox', () => {
  it('shows suggestions with the container count, and marks the matched characters', async () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'LS23 6T' } });
    const option = await findOption('LS23 6TR');
    expect(option.textContent).toContain('38 addresses');
    expect([...option.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['LS23', '6T']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('drills into a container with ↓ Enter, offers a breadcrumb back, and chooses an address', async () => {
    const { input, chosen, fake } = setup();
    fireEvent.change(input, { target: { value: 'LS23 6T' } });
    await findOption('LS23 6TR');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = input.getAttribute('aria-activedescendant') ?? '';
    expect(document.getElementById(active)?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    await findOption('Flat 2,');
    expect(fake.callsTo('address:find').at(-1)).toEqual({ text: 'LS23 6T', container: postcode.id, limit: 100 });
    expect(screen.getByRole('navigation', { name: 'Address levels' }).textContent).toContain('LS23 6TR');

    // ↑ from nothing active wraps to the last option.
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(chosen.map((candidate) => candidate.id)).toEqual([flat(2).id]);
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'All results' }));
    await findOption('LS23 6TR');
  });

  it('inside a container asks for up to 100, says how many of how many, and typing narrows within it', async () => {
    const { input, fake } = setup();
    fireEvent.change(input, { target: { value: 'LS23 6T' } });
    fireEvent.click(await findOption('LS23 6TR'));
    await findOption('Flat 2,');
    expect(screen.getByText('2 of 38 addresses: type a flat or house number to narrow.')).toBeTruthy();
    const asked = fake.callsTo('address:find').length;
    fireEvent.change(input, { target: { value: 'flat 2' } });
    await waitFor(() => { expect(screen.getAllByRole('option')).toHaveLength(1); });
    expect(screen.getByRole('option').textContent).toContain('Flat 2,');
    expect(screen.getByText('1 of 38 addresses in LS23 6TR match.')).toBeTruthy();
    // Still inside the postcode, and no new search of everything was made.
    expect(screen.getByRole('navigation', { name: 'Address levels' }).textContent).toContain('LS23 6TR');
    expect(fake.callsTo('address:find')).toHaveLength(asked);
  });

  it('closes on Esc, and a second Esc clears the box', async () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'LS23 6T' } });
    await findOption('LS23 6TR');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveProperty('value', '');
  });

  it('offers a typed title number as a title to open', async () => {
    const { input, titles } = setup();
    fireEvent.change(input, { target: { value: 'wyk 87701' } });
    const option = await screen.findByRole('option', { name: 'Open title WYK87701' });
    fireEvent.click(option);
    expect(titles).toEqual(['WYK87701']);
  });

  it('offers a digits-only title number too, with a hint, but not an address being typed', async () => {
    const { input, titles } = setup();
    fireEvent.change(input, { target: { value: '284789' } });
    const option = await screen.findByRole('option', { name: /^Open title 284789/ });
    // An unusual shape gets a hint, never a refusal: the service decides.
    expect(option.textContent).toContain('284789 has no county prefix');
    fireEvent.click(option);
    expect(titles).toEqual(['284789']);
    fireEvent.change(input, { target: { value: '12 Tannery Cres' } });
    await act(() => new Promise((resolve) => { setTimeout(resolve, 400); }));
    expect(screen.queryByRole('option', { name: /Open title/ })).toBeNull();
  });

  it('offers a plausible title number first, but not a postcode district', async () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'LS23' } });
    await findOption('LS23 6TR');
    expect(screen.queryByRole('option', { name: /^Open title/ })).toBeNull();
    fireEvent.change(input, { target: { value: 'DN123456' } });
    const first = await screen.findByRole('option', { name: 'Open title DN123456' });
    expect(screen.getAllByRole('option')[0]).toBe(first);
  });

  it('asks once for a burst of typing, after the pause', async () => {
    const { input, fake } = setup();
    for (const text of ['L', 'LS', 'LS2', 'LS23']) fireEvent.change(input, { target: { value: text } });
    await findOption('LS23 6TR');
    expect(fake.callsTo('address:find')).toEqual([{ text: 'LS23' }]);
  });

  it('opens a typed title number where no address provider is set up, without an error about it', async () => {
    const fake = createFeatureApi({ 'address:find': () => ({ ok: false, error: { code: 'credentials_missing', message: 'No address provider is configured for Production.' } }) });
    renderWithApi(fake.api, <AddressSearch onSelectAddress={() => undefined} onOpenTitle={() => undefined} />);
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'DN123456' } });
    await waitFor(() => { expect(fake.callsTo('address:find')).toHaveLength(1); });
    expect(await screen.findByRole('option', { name: 'Open title DN123456' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(input, { target: { value: 'Tannery Crescent' } });
    expect((await screen.findByRole('alert')).textContent).toContain('No address provider is configured');
  });

  it('drops a Find that core cancelled, without an error', async () => {
    const fake = createFeatureApi({ 'address:find': () => ({ ok: false, error: { code: 'cancelled', message: 'Superseded by a newer search.' } }) });
    renderWithApi(fake.api, <AddressSearch onSelectAddress={() => undefined} onOpenTitle={() => undefined} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'LS23' } });
    await waitFor(() => { expect(fake.callsTo('address:find')).toHaveLength(1); });
    await act(() => new Promise((resolve) => { setTimeout(resolve, 20); }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('highlight ranges', () => {
  it('splits text at end-exclusive ranges, clipping and merging untrusted ones', () => {
    expect(splitByRanges('LS23 6TR', [[0, 4], [5, 7]])).toEqual([
      { text: 'LS23', matched: true },
      { text: ' ', matched: false },
      { text: '6T', matched: true },
      { text: 'R', matched: false },
    ]);
    expect(splitByRanges('abc', [[2, 99], [1, 2], [5, 3], [0, 0]])).toEqual([
      { text: 'a', matched: false },
      { text: 'bc', matched: true },
    ]);
    expect(splitByRanges('abcdef', [[0, 4], [2, 5]])).toEqual([{ text: 'abcde', matched: true }, { text: 'f', matched: false }]);
  });

  it('renders matches in <mark>', () => {
    const { container } = render(<Highlighted text="Boston Spa" ranges={[[0, 6]]} />);
    expect(container.innerHTML).toBe('<mark>Boston</mark><span> Spa</span>');
  });
});

describe('LatestOnly', () => {
  it('keeps one request in flight and delivers only the newest answer', async () => {
    const started: string[] = [];
    const delivered: string[] = [];
    const pending = new Map<string, (value: string) => void>();
    const runner = new LatestOnly<string, string>(
      (request) => { started.push(request); return new Promise((resolve) => { pending.set(request, resolve); }); },
      (request, outcome) => { if (outcome.ok) delivered.push(`${request}=${outcome.value}`); },
    );
    runner.request('a');
    runner.request('ab');
    runner.request('abc');
    expect(started).toEqual(['a']);
    pending.get('a')?.('A');
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual(['a', 'abc']);
    pending.get('abc')?.('ABC');
    await Promise.resolve();
    await Promise.resolve();
    expect(delivered).toEqual(['abc=ABC']);
  });
});
