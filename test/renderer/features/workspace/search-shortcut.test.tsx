import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddressCandidate } from '../../../../shared/property/address.ts';
import { resetRecentSearchesCache } from '../../../../renderer/features/address-search/recent-searches.ts';
import { Workspace } from '../../../../renderer/features/workspace/Workspace.tsx';
import { sandbox } from '../../support/fake-api.ts';
import { renderWithApi } from '../../support/render-app.tsx';
import { catalog, createFeatureApi, ok } from '../support/feature-api.ts';

const house: AddressCandidate = {
  id: 'GB|RM|A|14090317',
  type: 'Address',
  text: '3 Tannery Crescent',
  description: 'Boston Spa, Wetherby, LS23 6TR',
  isContainer: false,
  highlight: { text: [], description: [] },
};

function renderWorkspace() {
  const fake = createFeatureApi({
    'sandbox:info': () => ok({ running: true, sampleQueries: [], sampleTitles: [], testTitles: [], sampleVariables: [] }),
    'environment:list': () => ok({ environments: [sandbox], selectedId: sandbox.id }),
    'purchase:list': () => ok({ purchases: [] }),
    'address:find': () => ok({ candidates: [house] }),
    'catalog:get': ({ titleNumber }) => ok({ ...catalog, titleNumber: titleNumber ?? '' }),
  });
  renderWithApi(fake.api, <Workspace environment={sandbox} />);
  return fake;
}

const searchBox = () => screen.getByRole('combobox', { name: 'Address, postcode or title number' });

beforeEach(() => {
  window.localStorage.clear();
  resetRecentSearchesCache();
});
afterEach(cleanup);

describe('Ctrl/Cmd+K', () => {
  it('brings the Buy tab forward and focuses the search box from another tab', () => {
    renderWorkspace();
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(screen.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    document.body.focus();
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    expect(screen.getByRole('tab', { name: 'Buy' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(searchBox());
  });

  it('works with ⌘ on a Mac and selects what was typed, to be typed over', () => {
    renderWorkspace();
    fireEvent.change(searchBox(), { target: { value: 'LS23' } });
    screen.getByRole('tab', { name: 'Buy' }).focus();
    fireEvent.keyDown(document.body, { key: 'K', metaKey: true });
    const box = searchBox() as HTMLInputElement;
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, 4]);
  });

  it('leaves a plain k, and Ctrl+Shift+K, alone', () => {
    renderWorkspace();
    const tab = screen.getByRole('tab', { name: 'Buy' });
    tab.focus();
    fireEvent.keyDown(document.body, { key: 'k' });
    fireEvent.keyDown(document.body, { key: 'K', ctrlKey: true, shiftKey: true });
    expect(document.activeElement).toBe(tab);
  });
});

describe('recent searches', () => {
  it('lists a chosen address and an opened title, newest first, and keeps them after a restart', async () => {
    renderWorkspace();
    expect(screen.queryByRole('navigation', { name: 'Recent searches' })).toBeNull();
    fireEvent.change(searchBox(), { target: { value: 'Tannery' } });
    const option = await screen.findByRole('option', { name: /3 Tannery Crescent/ });
    fireEvent.mouseDown(option);
    fireEvent.click(option);
    fireEvent.change(searchBox(), { target: { value: 'wyk 638009' } });
    const titleOption = await screen.findByRole('option', { name: /WYK638009/ });
    fireEvent.mouseDown(titleOption);
    fireEvent.click(titleOption);

    const recent = await screen.findByRole('navigation', { name: 'Recent searches' });
    expect(within(recent).getByRole('list', { name: 'Recent addresses' }).textContent).toContain('3 Tannery Crescent');
    expect(within(recent).getByRole('list', { name: 'Recent titles' }).textContent).toContain('WYK638009');
    const stored: unknown = JSON.parse(window.localStorage.getItem('titledesk.recent-searches') ?? 'null');
    expect(stored).toEqual({ addresses: [house], titles: ['WYK638009'] });

    cleanup();
    resetRecentSearchesCache();
    const fake = renderWorkspace();
    const again = screen.getByRole('navigation', { name: 'Recent searches' });
    fireEvent.click(within(again).getByRole('button', { name: 'WYK638009' }));
    expect(await screen.findByRole('button', { name: 'Close title WYK638009' })).toBeDefined();
    fireEvent.click(within(again).getByRole('button', { name: '3 Tannery Crescent' }));
    await waitFor(() => { expect(fake.callsTo('address:retrieve')).toEqual([{ id: house.id }]); });
  });

  it('keeps five of each, each once, and can be cleared', () => {
    window.localStorage.setItem('titledesk.recent-searches', JSON.stringify({ addresses: [], titles: ['DN1001', 'DN1002', 'DN1003', 'DN1004', 'DN1005'] }));
    renderWorkspace();
    // A plausible title number is offered as "Open title" (a short letter-digit pair reads as a postcode district).
    fireEvent.change(searchBox(), { target: { value: 'DN1003' } });
    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    const titles = screen.getByRole('list', { name: 'Recent titles' });
    expect(within(titles).getAllByRole('button').map((button) => button.textContent)).toEqual(['DN1003', 'DN1001', 'DN1002', 'DN1004', 'DN1005']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear recent' }));
    expect(screen.queryByRole('navigation', { name: 'Recent searches' })).toBeNull();
    expect(window.localStorage.getItem('titledesk.recent-searches')).toBe(JSON.stringify({ addresses: [], titles: [] }));
  });

  it('ignores a stored list it cannot read', () => {
    window.localStorage.setItem('titledesk.recent-searches', JSON.stringify({ addresses: [{ id: 1 }], titles: 'WYK1' }));
    renderWorkspace();
    expect(screen.queryByRole('navigation', { name: 'Recent searches' })).toBeNull();
  });
});
