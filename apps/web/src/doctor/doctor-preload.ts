/**
 * Started by the route guard together with the session check, so the doctor's screen does not
 * wait for the session, then its code, then its data in turn: the code of every doctor screen
 * and the queue's data load in parallel (react-query shares the answers with the screens).
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { ROUTES } from '../routes/routes';
import { fetchCurrentOrder, fetchNotice, fetchSystemStatus } from './doctor-api';

export function preloadDoctor(queryClient: QueryClient, pathname: string): void {
  void import('./DoctorLayout');
  void import('./DoctorQueuePage');
  void import('./DoctorHistoryPage');
  void import('./DoctorAdminPage');
  void queryClient.prefetchQuery({ queryKey: queryKeys.doctor.status, queryFn: fetchSystemStatus });
  void queryClient.prefetchQuery({ queryKey: queryKeys.doctor.notice, queryFn: fetchNotice });
  if (pathname === ROUTES.doctorQueue) void queryClient.prefetchQuery({ queryKey: queryKeys.doctor.current, queryFn: fetchCurrentOrder });
}
