import { Fragment } from 'react';
import type { ReportRow, ReportValue } from '../../../shared/purchase/report.ts';
import { formatMoney } from '../common/money.ts';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function ValueCells({ value }: { readonly value: ReportValue }) {
  return (
    <>
      <td className="report-value">{value.value}</td>
      <td>{dateTime.format(new Date(value.boughtAt))}</td>
      <td className="numeric">{formatMoney(value.price)}</td>
      <td><code>{value.purchaseId ?? '—'}</code></td>
    </>
  );
}

/** One table: a row per variable with its latest value, older values beneath when asked for. */
export interface ReportTableProps {
  readonly rows: readonly ReportRow[];
  readonly showOlder: boolean;
  readonly caption: string;
  /** Where the data came from: the table's header repeats on every printed page, and says so there. */
  readonly pageLine: string;
}

export function ReportTable({ rows, showOlder, caption, pageLine }: ReportTableProps) {
  return (
    <table className="report-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr className="report-page-line" aria-hidden="true">
          <td colSpan={5}>{pageLine}</td>
        </tr>
        <tr>
          <th scope="col">Variable</th>
          <th scope="col">Value</th>
          <th scope="col">Bought</th>
          <th scope="col" className="numeric">Price</th>
          <th scope="col">Purchase ID</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Fragment key={row.variable}>
            <tr>
              <th scope="row" title={row.variable}>
                <span className="report-name">{row.name}</span>
                <span className="report-path">{row.schemePath.join(' › ')}</span>
              </th>
              <ValueCells value={row.latest} />
            </tr>
            {showOlder
              ? row.older.map((value) => (
                  <tr key={value.localId} className="report-older">
                    <th scope="row"><span className="report-path">earlier: {row.name}</span></th>
                    <ValueCells value={value} />
                  </tr>
                ))
              : null}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
