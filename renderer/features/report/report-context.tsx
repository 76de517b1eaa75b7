import { createContext, useContext } from 'react';
import type { PropertyReportRequest } from '../../../shared/purchase/report.ts';

/** Opens the property report from wherever a title is shown (purchase details, history, address card). */
export const ReportContext = createContext<((request: PropertyReportRequest) => void) | undefined>(undefined);

export function useOpenReport(): ((request: PropertyReportRequest) => void) | undefined {
  return useContext(ReportContext);
}
