import type { ContractHandlers } from './create-router.ts';
import type { EnvironmentRegistry } from '../env/environment-registry.ts';
import { CoreError } from '../errors.ts';
import type { PurchaseService } from '../purchases/purchase-service.ts';
import { propertyReport } from '../report/property-report.ts';
import type { ReportPrinter } from '../report/report-printer.ts';

/** The property report of the selected environment, and saving it as PDF where a host can. */
export function reportHandlers(
  environments: EnvironmentRegistry,
  purchases: PurchaseService,
  printer: ReportPrinter | undefined,
): Pick<ContractHandlers, 'report:property' | 'report:save-pdf'> {
  return {
    'report:property': async (request) => Promise.resolve({ ...propertyReport(purchases, environments.selected().id, request), savesPdf: printer !== undefined }),
    'report:save-pdf': async ({ fileName }) => {
      if (printer === undefined) throw new CoreError('validation', "Saving as PDF is done with the browser's print dialog here.");
      return printer.savePdf(fileName);
    },
  };
}
