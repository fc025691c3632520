import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './client';

/**
 * The one query client of the visit (DataLayer provides it). Client errors (4xx) are answers, not
 * outages: they are not retried.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 2,
      staleTime: 5_000,
    },
    mutations: { retry: false },
  },
});
