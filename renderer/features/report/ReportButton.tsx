import type { PropertyReportRequest } from '../../../shared/report.ts';
import { useOpenReport } from './report-context.tsx';

/** "Property report" for a title or an address's titles; nothing where no report can open. */
export function ReportButton({ request, label = 'Property report' }: { readonly request: PropertyReportRequest; readonly label?: string }) {
  const open = useOpenReport();
  if (open === undefined) return null;
  const what = request.address ?? request.titles.map((title) => title.titleNumber).join(', ');
  return (
    <button type="button" className="button-quiet" aria-label={`${label} for ${what}`} onClick={() => { open(request); }}>
      {label}
    </button>
  );
}
