import { useMutation, useQuery } from '@tanstack/react-query';
import type { PropertyReportRequest } from '../../../shared/purchase/report.ts';
import { useApi } from '../../api/api-context.tsx';
import { call } from '../../api/call.ts';

export const reportKeys = {
  all: ['report'] as const,
  property: (request: PropertyReportRequest) => [...reportKeys.all, 'property', request] as const,
};

/** The values bought for a title or an address's titles, from the journal (no request to the service). */
export function usePropertyReportQuery(request: PropertyReportRequest) {
  const api = useApi();
  return useQuery({ queryKey: reportKeys.property(request), queryFn: () => call(api, 'report:property', request) });
}

export function useSavePdfMutation() {
  const api = useApi();
  return useMutation({ mutationFn: (fileName: string) => call(api, 'report:save-pdf', { fileName }) });
}
