/** /doctor (Tilaukset): the welcome panel with the live queue, or the current order. */
import { useState } from 'react';
import type { DoctorOrder } from '@resepti/domain';
import { errorText } from '../api/error-text';
import { useSession } from '../auth/useSession';
import { CardSkeletons } from '../components/Skeleton';
import { t } from '../i18n/i18n';
import { useCurrentOrder, usePickFirstOrder, useSystemStatus } from './doctor-hooks';
import { OrderWorkspace } from './OrderWorkspace';
import { WelcomePanel } from './WelcomePanel';
import 'virtual:finnish-texts/app';
import 'virtual:finnish-texts/doctor';

export function DoctorQueuePage() {
  const { data: doctor } = useSession('doctor');
  const status = useSystemStatus();
  const current = useCurrentOrder();
  const [done, setDone] = useState<DoctorOrder | null>(null);
  const pick = usePickFirstOrder();
  const pickError = pick.isError ? errorText(pick.error) || t('doctor.queue.pickFailed') : null;

  let content;
  if (done) content = <OrderWorkspace key={`done-${done.id}`} order={done} mode="done" onClose={() => setDone(null)} />;
  else if (current.isPending) content = <CardSkeletons count={2} />;
  else if (current.data) content = <OrderWorkspace key={current.data.id} order={current.data} mode="edit" onDelivered={setDone} />;
  else content = <WelcomePanel firstName={doctor?.firstName ?? ''} registerNumber={doctor?.registerNumber} status={status.data} picking={pick.isPending} error={pickError} onPick={() => pick.mutate()} />;

  return (
    <div className="queue-page">
      <h1 className="queue-page__heading">{t('app.doctor.queueHeading')}</h1>
      {content}
    </div>
  );
}
