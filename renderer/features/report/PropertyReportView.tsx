import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { PropertyReport, PropertyReportRequest } from '../../../shared/purchase/report.ts';
import { toAppError } from '../../api/app-error.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { useEnvironmentsQuery } from '../../api/environment-queries.ts';
import { reportEnvironment, type ReportEnvironment } from '../../../shared/environment/report-environment.ts';
import { usePropertyReportQuery, useSavePdfMutation } from './report-queries.ts';
import { ReportTable } from './ReportTable.tsx';
import { ResourceSections } from './ResourceSections.tsx';
import { resourceName } from '../common/resource-words.ts';
import './report.css';

const generated = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });

function fileNameFor(report: PropertyReport): string {
  const named = [...report.titles.map((title) => title.titleNumber), ...(report.resources ?? []).map(({ resource }) => `${resource.kind}-${resource.key}`)].join('-');
  return `property-report-${named}`.slice(0, 100);
}

function Header({ report, environment }: { readonly report: PropertyReport; readonly environment: ReportEnvironment }) {
  return (
    <header className="report-header">
      <p className={environment.marked ? 'report-environment report-environment-marked' : 'report-environment'} data-testid="report-environment">
        <strong>{environment.headline}</strong> · {environment.where}
      </p>
      <h2 id="report-heading">Property report</h2>
      {report.address === undefined ? null : <p className="report-address">{report.address}</p>}
      <dl className="report-titles">
        {report.titles.map((title) => (
          <div key={title.titleNumber}>
            <dt>Title {title.titleNumber}</dt>
            <dd>{title.tenure ?? 'Tenure not known'}</dd>
          </div>
        ))}
        {(report.resources ?? []).map(({ resource }) => (
          <div key={`${resource.kind}:${resource.key}`}>
            <dt>{resourceName(resource)}</dt>
            <dd>{resource.kind === 'address' ? 'The address itself' : 'Its location'}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">Generated {generated.format(new Date(report.generatedAt))} from the purchases in this TitleDesk history.</p>
    </header>
  );
}

/**
 * Every value bought for a title (or an address's titles), latest per variable, ready to print:
 * the print stylesheet keeps only this view, with the header and one table. It names the
 * environment its data came from at the top and on every printed page (the table's header
 * repeats), marking Sandbox and test data. The desktop app saves a PDF through the contract;
 * browser mode has one button for the browser's dialog, which prints and saves PDFs alike.
 */
export function PropertyReportView({ request, onClose }: { readonly request: PropertyReportRequest; readonly onClose: () => void }) {
  const report = usePropertyReportQuery(request);
  const environments = useEnvironmentsQuery().data?.environments;
  const savePdf = useSavePdfMutation();
  const [showOlder, setShowOlder] = useState(false);
  const [saved, setSaved] = useState('');
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => { closeRef.current?.focus(); }, []);

  function save(data: PropertyReport): void {
    setSaved('');
    savePdf.mutate(fileNameFor(data), {
      onSuccess: (result) => { setSaved(result.saved ? `Saved to ${result.path ?? 'the chosen file'}.` : 'Not saved.'); },
      // Hosts without a window to print (browser mode) say so: the browser's own dialog prints instead.
      onError: (error) => { if (toAppError(error).code === 'validation') window.print(); },
    });
  }

  const data = report.data;
  const environment = data === undefined ? undefined : reportEnvironment(environments?.find((each) => each.id === data.environmentId), data.environmentId);
  const sections = [...(data?.titles ?? []), ...(data?.resources ?? [])];
  const hasOlder = sections.some((section) => section.rows.some((row) => row.older.length > 0));
  // A child of body, so the print stylesheet can hide everything else in one rule.
  return createPortal(
    <section className="property-report" role="region" aria-labelledby="report-heading" onKeyDown={(event) => { if (event.key === 'Escape') onClose(); }}>
      <div className="report-actions">
        <button type="button" ref={closeRef} onClick={onClose}>Close report</button>
        {data?.savesPdf === true ? (
          <>
            <button type="button" onClick={() => { window.print(); }}>Print…</button>
            <button type="button" className="button-primary" disabled={savePdf.isPending} onClick={() => { save(data); }}>Save as PDF</button>
          </>
        ) : (
          // Browser mode: the browser's own dialog both prints and saves a PDF; one button says so.
          <button type="button" className="button-primary" disabled={data === undefined} onClick={() => { window.print(); }}>Print or save as PDF…</button>
        )}
        <label>
          <input type="checkbox" checked={showOlder} disabled={!hasOlder} onChange={(event) => { setShowOlder(event.target.checked); }} /> Show older values
        </label>
        <span role="status" className="muted">{saved}</span>
      </div>
      {report.isError ? <ErrorNotice error={report.error} /> : null}
      {savePdf.isError && toAppError(savePdf.error).code !== 'validation' ? <ErrorNotice error={savePdf.error} /> : null}
      {data === undefined || environment === undefined ? (report.isPending ? <p>Loading…</p> : null) : (
        <article className={environment.marked ? 'report-page report-page-marked' : 'report-page'}>
          <Header report={data} environment={environment} />
          {data.titles.map((title) => (
            <section key={title.titleNumber} aria-label={`Title ${title.titleNumber}`}>
              {data.titles.length > 1 || (data.resources?.length ?? 0) > 0 ? <h3>Title {title.titleNumber}</h3> : null}
              {title.rows.length === 0 ? (
                <p>Nothing has been bought for {title.titleNumber} yet.</p>
              ) : (
                <ReportTable rows={title.rows} showOlder={showOlder} caption={`Values bought for title ${title.titleNumber}`} pageLine={environment.pageLine} />
              )}
            </section>
          ))}
          {data.resources === undefined ? null : <ResourceSections resources={data.resources} showOlder={showOlder} pageLine={environment.pageLine} />}
        </article>
      )}
    </section>,
    document.body,
  );
}
