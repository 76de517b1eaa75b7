import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressCard } from '../../../../renderer/features/address-search/AddressCard.tsx';
import { PropertyReportView } from '../../../../renderer/features/report/PropertyReportView.tsx';
import { ReportButton } from '../../../../renderer/features/report/ReportButton.tsx';
import { ReportContext } from '../../../../renderer/features/report/report-context.tsx';
import type { PropertyReport } from '../../../../shared/purchase/report.ts';
import { renderWithApi } from '../../support/render-app.tsx';
import { createFeatureApi, ok } from '../support/feature-api.ts';

afterEach(cleanup);
afterEach(() => { vi.restoreAllMocks(); });

const value = (text: string, purchaseId: string, boughtAt: number) => ({ value: text, price: { value: 0.5, currency: 'GBP' }, purchaseId, localId: `local-${purchaseId}`, boughtAt });
const report: PropertyReport = {
  environmentId: 'sandbox',
  address: '1 Example Street, Leeds, LS23 6TR',
  generatedAt: Date.UTC(2026, 10, 22, 12),
  titles: [
    {
      titleNumber: 'WYK1',
      tenure: 'Freehold',
      purchaseCount: 2,
      rows: [
        {
          variable: 'https://x/vars/P/S#D/R/B/Bathroom Count',
          name: 'Bathroom Count',
          schemePath: ['Dwelling', 'Rooms', 'Bathrooms'],
          ontologyType: 'https://x/ontologies/D/R#B/Bathroom Count',
          latest: value('3', 'purchase-new', Date.UTC(2026, 10, 2)),
          older: [value('2', 'purchase-old', Date.UTC(2026, 9, 1))],
        },
      ],
    },
    { titleNumber: 'WYK2', tenure: 'Leasehold', purchaseCount: 0, rows: [] },
  ],
};
const request = { address: report.address, titles: [{ titleNumber: 'WYK1', tenure: 'Freehold' }, { titleNumber: 'WYK2', tenure: 'Leasehold' }] };

describe('the property report', () => {
  it('shows the header, the latest value with its purchase ID, and older values on demand', async () => {
    const feature = createFeatureApi({ 'report:property': () => ok(report) });
    renderWithApi(feature.api, <PropertyReportView request={request} onClose={() => undefined} />);
    const region = await screen.findByRole('region', { name: 'Property report' });
    expect(within(region).getByText('1 Example Street, Leeds, LS23 6TR')).toBeDefined();
    expect(within(region).getByText('Title WYK1', { selector: 'dt' })).toBeDefined();
    expect(within(region).getByText('Leasehold')).toBeDefined();
    expect(within(region).getByText('Nothing has been bought for WYK2 yet.')).toBeDefined();
    const table = await within(region).findByRole('table', { name: 'Values bought for title WYK1' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('purchase-new')).toBeDefined();
    expect(within(table).queryByText('purchase-old')).toBeNull();
    fireEvent.click(within(region).getByLabelText('Show older values'));
    expect(within(table).getByText('purchase-old')).toBeDefined();
    expect(feature.callsTo('report:property')).toEqual([request]);
  });

  it('reports what was bought from the address itself and its UPRN after the titles', async () => {
    const withResources: PropertyReport = {
      ...report,
      titles: [{ titleNumber: 'WYK1', tenure: 'Freehold', purchaseCount: 0, rows: [] }],
      resources: [
        { resource: { kind: 'address', key: '8e05p·2' }, purchaseCount: 1, rows: report.titles[0]?.rows ?? [] },
        { resource: { kind: 'spatial', key: '100023336956' }, purchaseCount: 0, rows: [] },
      ],
    };
    const feature = createFeatureApi({ 'report:property': () => ok(withResources) });
    renderWithApi(feature.api, <PropertyReportView request={{ ...request, resources: [{ kind: 'address', key: '8e05p·2' }, { kind: 'spatial', key: '100023336956' }] }} onClose={() => undefined} />);
    const region = await screen.findByRole('region', { name: 'Property report' });
    expect(within(region).getByText('Address 8e05p·2', { selector: 'dt' })).toBeDefined();
    expect(within(region).getByText('UPRN 100023336956', { selector: 'dt' })).toBeDefined();
    const address = within(region).getByRole('region', { name: 'Address 8e05p·2' });
    expect(within(address).getByRole('heading', { level: 3 }).textContent).toBe('Data about this address (address key 8e05p·2)');
    const table = within(address).getByRole('table', { name: 'Values bought for address 8e05p·2' });
    expect(within(table).getByText('purchase-new')).toBeDefined();
    // Older values of a resource count too: the checkbox is offered for them.
    fireEvent.click(within(region).getByLabelText('Show older values'));
    expect(within(table).getByText('purchase-old')).toBeDefined();
    expect(within(region).getByText('Nothing has been bought from UPRN 100023336956 yet.')).toBeDefined();
  });

  it("has one button for the browser's print dialog where the host cannot save a PDF itself", async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const feature = createFeatureApi({ 'report:property': () => ok(report) });
    renderWithApi(feature.api, <PropertyReportView request={request} onClose={() => undefined} />);
    await screen.findByRole('table');
    // The browser's dialog prints and saves PDFs alike: no second button doing the same.
    expect(screen.queryByRole('button', { name: 'Save as PDF' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print…' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Print or save as PDF…' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(feature.callsTo('report:save-pdf')).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says where the desktop app saved the PDF', async () => {
    const feature = createFeatureApi({ 'report:property': () => ok({ ...report, savesPdf: true }), 'report:save-pdf': () => ok({ saved: true, path: '/home/a/report.pdf' }) });
    renderWithApi(feature.api, <PropertyReportView request={request} onClose={() => undefined} />);
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Print…' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Save as PDF' }));
    expect(await screen.findByText('Saved to /home/a/report.pdf.')).toBeDefined();
    expect(feature.callsTo('report:save-pdf')).toEqual([{ fileName: 'property-report-WYK1-WYK2' }]);
  });

  it('opens from a report button only where a report can open', () => {
    const open = vi.fn();
    const feature = createFeatureApi({});
    const { rerender } = renderWithApi(feature.api, <ReportButton request={{ titles: [{ titleNumber: 'WYK1' }] }} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<ReportContext value={open}><ReportButton request={{ titles: [{ titleNumber: 'WYK1' }] }} /></ReportContext>);
    fireEvent.click(screen.getByRole('button', { name: 'Property report for WYK1' }));
    expect(open).toHaveBeenCalledWith({ titles: [{ titleNumber: 'WYK1' }] });
  });
});

describe('the report of an address', () => {
  it("opens with the address and every title with its tenure from the address card", async () => {
    const open = vi.fn();
    const retrieved = {
      record: {},
      label: ['Flat 2, Mill House', '4 River Lane', 'LEEDS', 'LS23 6TR'],
      udprn: 14090317,
      umrrn: 2,
      unavailableReason: null,
      addressKey: '8e05p·2',
      keyPrecision: 'exact' as const,
      uprn: null,
      titles: [{ titleNumber: 'WYK1', tenure: 'Freehold' }, { titleNumber: 'WYK2', tenure: 'Leasehold' }],
      service: { status: 'found' as const, addressIri: 'https://x/world/GB/addresses/8e05p%C2%B72' },
    };
    const feature = createFeatureApi({ 'address:retrieve': () => ok(retrieved) });
    renderWithApi(feature.api, <ReportContext value={open}><AddressCard id="a1" onOpenTitle={() => undefined} onOpenResource={() => undefined} onClose={() => undefined} /></ReportContext>);
    fireEvent.click(await screen.findByRole('button', { name: 'Property report for Flat 2, Mill House, 4 River Lane, LEEDS, LS23 6TR' }));
    expect(open).toHaveBeenCalledWith({
      address: 'Flat 2, Mill House, 4 River Lane, LEEDS, LS23 6TR',
      titles: [{ titleNumber: 'WYK1', tenure: 'Freehold' }, { titleNumber: 'WYK2', tenure: 'Leasehold' }],
      // The address's own catalog too; no UPRN here, so not its location's.
      resources: [{ kind: 'address', key: '8e05p·2' }],
    });
  });
});
