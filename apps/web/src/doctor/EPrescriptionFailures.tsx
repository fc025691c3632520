/**
 * 'Reseptin tallennus Kanta-palveluun epäonnistui': the prescriptions the Prescription Centre
 * refused, with the Centre's reason and a retry, above every doctor's screen while there are any
 * (issue 41). Any doctor may send one again: the patient may be waiting at a pharmacy.
 */
import { Button, InlineAlert } from 'suomifi-ui-components';
import { formatDateFi, formatTimeFi } from '@resepti/domain';
import { t } from '../i18n/i18n';
import { useFailedEPrescriptions, useRetryEPrescription } from './e-prescription-failures';
import 'virtual:finnish-texts/doctor';

export function EPrescriptionFailures() {
  const { data: failed } = useFailedEPrescriptions();
  const retry = useRetryEPrescription();
  if (!failed || failed.length === 0) return retry.isSuccess ? <p role="status" className="visually-hidden">{t('doctor.ePrescription.retried')}</p> : null;
  return (
    <section className="e-prescription-failures" aria-labelledby="e-prescription-failures-heading" data-testid="e-prescription-failures">
      <InlineAlert status="error" mb="s">
        <h2 id="e-prescription-failures-heading" className="e-prescription-failures__heading">
          {t('doctor.ePrescription.heading')}
        </h2>
        <p>{t('doctor.ePrescription.intro')}</p>
        {retry.isError && <p role="alert">{t('doctor.ePrescription.retryFailed')}</p>}
        <ul className="e-prescription-failures__list">
          {failed.map((f) => (
            <li key={f.itemId} className="e-prescription-failures__item">
              <span>
                {t('doctor.ePrescription.patient')}: {f.patient.firstName} {f.patient.lastName}, {f.patient.hetu}
              </span>
              <span>
                {t('doctor.ePrescription.medicine')}: {f.displayName} {f.format}
              </span>
              <span>
                {t('doctor.ePrescription.approvedAt')}: {formatDateFi(f.approvedAt)} {formatTimeFi(f.approvedAt)}
              </span>
              <span data-testid="e-prescription-failure-reason">
                {t('doctor.ePrescription.reason')}: {f.reason}
              </span>
              <Button variant="secondary" disabled={retry.isPending} aria-label={t('doctor.ePrescription.retryLabel', { name: f.displayName })} onClick={() => retry.mutate(f.itemId)}>
                {t('doctor.ePrescription.retry')}
              </Button>
            </li>
          ))}
        </ul>
      </InlineAlert>
    </section>
  );
}
