import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TabList, TabPanel } from '../../renderer/components/common/Tabs.tsx';
import { SettingsDialog } from '../../renderer/components/settings/SettingsDialog.tsx';
import { createFakeApi, sandbox } from './support/fake-api.ts';
import { renderWithApi } from './support/render-app.tsx';

afterEach(cleanup);

const fruits = [
  { id: 'apple', label: 'Apple' },
  { id: 'pear', label: 'Pear' },
  { id: 'blood orange', label: 'Blood orange' },
] as const;
type Fruit = (typeof fruits)[number]['id'];

function Fruits({ prefix = 'fruit' }: { readonly prefix?: string }) {
  const [selected, setSelected] = useState<Fruit>('apple');
  return (
    <>
      <TabList label="Fruit" idPrefix={prefix} tabs={fruits} selected={selected} onSelect={setSelected} />
      <TabPanel idPrefix={prefix} tab={selected}>About {selected}</TabPanel>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

/** Which tab is selected, which one is the strip's single Tab stop, and which has focus. */
function state() {
  const tabs = screen.getAllByRole('tab');
  return {
    selected: tabs.filter((element) => element.getAttribute('aria-selected') === 'true').map((element) => element.textContent),
    tabStops: tabs.filter((element) => element.tabIndex === 0).map((element) => element.textContent),
    focused: document.activeElement?.textContent,
  };
}

describe('TabList', () => {
  it('ties each tab to its panel and names the strip', () => {
    render(<Fruits />);
    expect(screen.getByRole('tablist', { name: 'Fruit' })).toBeDefined();
    const panel = screen.getByRole('tabpanel', { name: 'Apple' });
    expect(tab('Apple').getAttribute('aria-controls')).toBe(panel.id);
    expect(tab('Blood orange').getAttribute('aria-controls')).toBe('fruit-panel-blood-orange');
    expect(state()).toMatchObject({ selected: ['Apple'], tabStops: ['Apple'] });
  });

  it('moves with the arrow keys, round the ends, selection and focus together', () => {
    render(<Fruits />);
    tab('Apple').focus();
    fireEvent.keyDown(tab('Apple'), { key: 'ArrowRight' });
    expect(state()).toEqual({ selected: ['Pear'], tabStops: ['Pear'], focused: 'Pear' });
    expect(screen.getByRole('tabpanel', { name: 'Pear' }).textContent).toBe('About pear');
    fireEvent.keyDown(tab('Pear'), { key: 'ArrowRight' });
    fireEvent.keyDown(tab('Blood orange'), { key: 'ArrowRight' });
    expect(state()).toEqual({ selected: ['Apple'], tabStops: ['Apple'], focused: 'Apple' });
    fireEvent.keyDown(tab('Apple'), { key: 'ArrowLeft' });
    expect(state()).toEqual({ selected: ['Blood orange'], tabStops: ['Blood orange'], focused: 'Blood orange' });
  });

  it('goes to the ends with Home and End', () => {
    render(<Fruits />);
    fireEvent.keyDown(tab('Apple'), { key: 'End' });
    expect(state()).toEqual({ selected: ['Blood orange'], tabStops: ['Blood orange'], focused: 'Blood orange' });
    fireEvent.keyDown(tab('Blood orange'), { key: 'Home' });
    expect(state()).toEqual({ selected: ['Apple'], tabStops: ['Apple'], focused: 'Apple' });
  });

  it('leaves other keys to the page', () => {
    render(<Fruits />);
    tab('Apple').focus();
    for (const key of ['ArrowDown', 'ArrowUp', 'Enter', 'a']) {
      // fireEvent returns false when a handler prevented the default.
      expect(fireEvent.keyDown(tab('Apple'), { key })).toBe(true);
    }
    expect(state()).toEqual({ selected: ['Apple'], tabStops: ['Apple'], focused: 'Apple' });
  });

  it('selects a clicked tab', () => {
    render(<Fruits />);
    fireEvent.click(tab('Blood orange'));
    expect(state()).toMatchObject({ selected: ['Blood orange'], tabStops: ['Blood orange'] });
    expect(screen.getByRole('tabpanel', { name: 'Blood orange' })).toBeDefined();
  });

  it('keeps two tab sets on one page apart by their prefixes', () => {
    render(<><Fruits prefix="left" /><Fruits prefix="right" /></>);
    const [left, right] = screen.getAllByRole('tablist');
    if (left === undefined || right === undefined) throw new Error('two tab lists expected');
    fireEvent.keyDown(within(right).getByRole('tab', { name: 'Apple' }), { key: 'End' });
    expect(within(left).getByRole('tab', { name: 'Apple' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tabpanel').map((panel) => panel.id)).toEqual(['left-panel-apple', 'right-panel-blood-orange']);
  });
});

describe('the settings tabs', () => {
  it('are the shared tabs: End selects the last section and its panel is labelled by it', () => {
    renderWithApi(createFakeApi().api, <SettingsDialog environments={[sandbox]} selectedId="sandbox" onClose={() => undefined} />);
    const strip = screen.getByRole('tablist', { name: 'Settings sections' });
    const first = within(strip).getAllByRole('tab')[0];
    if (first === undefined) throw new Error('no tabs');
    fireEvent.keyDown(first, { key: 'End' });
    const last = within(strip).getAllByRole('tab').at(-1);
    expect(document.activeElement).toBe(last);
    expect(last?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(last?.id);
  });
});
