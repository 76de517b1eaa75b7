import { QueryClient } from '@tanstack/react-query';
import { AppError } from './app-error.ts';

/**
 * Core already retries transient failures with backoff, so a contract error here is final:
 * retrying it again would only delay the message. Anything else gets one more try.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !(error instanceof AppError) && failureCount < 1,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
