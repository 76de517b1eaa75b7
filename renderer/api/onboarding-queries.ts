import { useMutation } from '@tanstack/react-query';
import { useApi } from './api-context.tsx';
import { call } from './call.ts';

/** Discovery then a token with the stored credentials; buys nothing. */
export function useTestConnectionMutation() {
  const api = useApi();
  return useMutation({ mutationFn: (environmentId: string) => call(api, 'environment:test', { environmentId }) });
}

/** One Find with the stored address provider key. */
export function useTestProviderKeyMutation() {
  const api = useApi();
  return useMutation({ mutationFn: (environmentId: string) => call(api, 'address:test-key', { environmentId }) });
}
