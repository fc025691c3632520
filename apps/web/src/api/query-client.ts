import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './client';

/** Client errors (4xx) are answers, not outages: they are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 2,
        staleTime: 5_000,
      },
      mutations: { retry: false },
    },
  });
}
