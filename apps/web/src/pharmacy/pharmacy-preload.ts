/**
 * Started by the route guard together with the session check, so the workbench does not wait
 * for the session, then its code, then the office, then its data in turn: the code of every
 * pharmacy screen and the workbench's data load in parallel (react-query shares the answers).
 */
import type { QueryClient } from '@tanstack/react-query';
import { PHARMACY_HISTORY_PAGE_SIZE } from '@resepti/domain';
import { queryKeys } from '../api/query-keys';
import { ROUTES } from '../routes/routes';
import { fetchCart, fetchOrders, fetchSessionOffice } from './pharmacy-api';

export function preloadPharmacy(queryClient: QueryClient, pathname: string): void {
  void import('./PharmacyLayout');
  void import('./PharmacyWorkbenchPage');
  void import('./OfficeChooserPage');
  void import('./PharmacyAdminPage');
  if (pathname !== ROUTES.pharmacyWorkbench) return;
  void queryClient.prefetchQuery({ queryKey: queryKeys.pharmacy.sessionOffice, queryFn: fetchSessionOffice });
  void queryClient.prefetchQuery({ queryKey: queryKeys.pharmacy.cart, queryFn: fetchCart });
  void queryClient.prefetchQuery({
    queryKey: queryKeys.pharmacy.ordersByMode('active', PHARMACY_HISTORY_PAGE_SIZE),
    queryFn: () => fetchOrders('active', PHARMACY_HISTORY_PAGE_SIZE),
  });
}
