import type { PropertyReportRequest } from '../../../shared/purchase/report.ts';
import { resourceName } from '../common/resource-words.ts';
import { useOpenReport } from './report-context.tsx';

/** "Property report" for a title, an address's titles, or an address's or UPRN's own catalog; nothing where no report can open. */
export function ReportButton({ request, label = 'Property report' }: { readonly request: PropertyReportRequest; readonly label?: string }) {
  const open = useOpenReport();
  if (open === undefined) return null;
  const what = request.address ?? [...request.titles.map((title) => title.titleNumber), ...(request.resources ?? []).map(resourceName)].join(', ');
  return (
    <button type="button" className="button-quiet" aria-label={`${label} for ${what}`} onClick={() => { open(request); }}>
      {label}
    </button>
  );
}
