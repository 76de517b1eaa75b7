import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResultsTable } from '../../../../renderer/features/purchases/ResultsTable.tsx';
import { formatValue } from '../../../../renderer/features/purchases/value-format.ts';
import type { ResultItem } from '../../../../shared/purchase/purchase.ts';

afterEach(cleanup);
beforeEach(() => { window.localStorage.clear(); });

const base = 'http://127.0.0.1:4010';

function item(name: string, value: string, ontology = `${base}/ontologies/Market/Valuation#Sale/${name}`): ResultItem {
  return { variable: `${base}/vars/Zoopla/Property Data#Market/Valuation/Sale/${name}`, provider: 'Zoopla', source: 'Property Data', schemePath: ['Market', 'Valuation', 'Sale'], name, ontologyType: ontology, value, price: { value: 1, currency: 'GBP' } };
}

const items = [
  item('Estimated Sale Value (£)', '635000'),
  item('Unique Property Reference Number', '100050454336'),
  item('Last Sale Date', '2019-03-07'),
  item('Five Year Price Change (%)', '12.5'),
  item('Bathroom Count (1⋯5+)', '2'),
  item('Listed Building', 'false'),
  item('Flood Risk Band', 'Low'),
];

describe('purchased values', () => {
  it('are shown by kind: money, dates, percentages, counts, yes/no; identifiers and bands as sent', () => {
    const shown = items.map(formatValue);
    expect(shown[0]).toBe(new Intl.NumberFormat(undefined, { style: 'currency', currency: 'GBP', maximumFractionDigits: 2, minimumFractionDigits: 0 }).format(635000));
    expect(shown[0]).toMatch(/£635.000/);
    expect(shown[1]).toBe('100050454336');
    expect(shown[2]).not.toBe('2019-03-07');
    expect(shown[2]).toMatch(/2019/);
    expect(shown[3]).toMatch(/^12.5%$/);
    expect(shown[4]).toBe('2');
    expect(shown[5]).toBe('No');
    expect(shown[6]).toBe('Low');
  });

  it('keeps the raw value in the page and on copy, and hides the ontology column until asked', () => {
    render(<ResultsTable items={items} totals={[{ value: 7, currency: 'GBP' }]} />);
    const table = screen.getByRole('table');
    expect(within(table).queryByRole('columnheader', { name: 'Ontology type' })).toBeNull();
    const value = within(table).getByText(/£635.000/);
    expect(value.getAttribute('value')).toBe('635000');

    const selection = window.getSelection();
    const range = document.createRange();
    range.selectNodeContents(table.querySelector('tbody') ?? table);
    selection?.removeAllRanges();
    selection?.addRange(range);
    const copied: string[] = [];
    fireEvent.copy(table, { clipboardData: { setData: (_type: string, text: string) => copied.push(text) } });
    expect(copied[0]).toContain('635000');
    expect(copied[0]).not.toMatch(/£635.000/);
    expect(copied[0]).toContain('2019-03-07');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Show ontology types' }));
    expect(within(table).getByRole('columnheader', { name: 'Ontology type' })).toBeTruthy();
  });
});
