/** /doctor (Tilaukset): the welcome panel with the live queue, or the current order. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DoctorOrder } from '@resepti/domain';
import { errorText } from '../api/error-text';
import { queryKeys } from '../api/query-keys';
import { useSession } from '../auth/useSession';
import { CardSkeletons } from '../components/Skeleton';
import { DOCTOR_TEXTS, TEXTS } from '../texts';
import { doctorApi } from './doctor-api';
import { useCurrentOrder, useSystemStatus } from './doctor-hooks';
import { OrderWorkspace } from './OrderWorkspace';
import { WelcomePanel } from './WelcomePanel';

export function DoctorQueuePage() {
  const queryClient = useQueryClient();
  const { data: doctor } = useSession('doctor');
  const status = useSystemStatus();
  const current = useCurrentOrder();
  const [done, setDone] = useState<DoctorOrder | null>(null);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pick() {
    setPicking(true);
    setError(null);
    try {
      const order = await doctorApi.pickFirst();
      queryClient.setQueryData(queryKeys.doctor.current, order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.doctor.status });
    } catch (e) {
      setError(errorText(e) || DOCTOR_TEXTS.queue.pickFailed);
    } finally {
      setPicking(false);
    }
  }

  let content;
  if (done) content = <OrderWorkspace key={`done-${done.id}`} order={done} mode="done" onClose={() => setDone(null)} />;
  else if (current.isPending) content = <CardSkeletons count={2} />;
  else if (current.data) content = <OrderWorkspace key={current.data.id} order={current.data} mode="edit" onDelivered={setDone} />;
  else content = <WelcomePanel firstName={doctor?.firstName ?? ''} status={status.data} picking={picking} error={error} onPick={() => void pick()} />;

  return (
    <div className="queue-page">
      <h1 className="queue-page__heading">{TEXTS.doctor.queueHeading}</h1>
      {content}
    </div>
  );
}
