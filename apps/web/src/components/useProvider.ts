/** Who provides the service (GET /provider: the deployment's PROVIDER_NAME …), read once per visit. */
import { useQuery } from '@tanstack/react-query';
import { fetchProvider } from '../api/session';
import { queryKeys } from '../api/query-keys';

export function useProvider() {
  return useQuery({ queryKey: queryKeys.provider, queryFn: fetchProvider, staleTime: Infinity });
}

/** A phone number as a tel: link (a Finnish number with its leading 0 in the international form). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[\s()-]/g, '');
  return `tel:${digits.startsWith('+') ? digits : `+358${digits.replace(/^0/, '')}`}`;
}
