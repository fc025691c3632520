/**
 * What Resepti itself knows of the patient, beside the chosen prescription (issue 44): age and sex
 * (from the hetu), how many earlier orders, and the earlier decisions on the same medicine (a
 * request: the same topic) with their date, decision, reason and doctor; for a renewal, how long
 * since the last approval. Read once as the order opens (usePatientContext); it never takes the
 * focus, so the keyboard flow goes on to the decision as before.
 */
import { formatDateFi, type DoctorPrescription, type ItemHistoryFacts, type PatientContext } from '@resepti/domain';
import { t, tObject } from '../i18n/i18n';
import 'virtual:finnish-texts/doctor';

const decisionName = (decision: string) => tObject<Readonly<Record<string, string>>>('doctor.order.decision')[decision] ?? decision;

function EarlierDecisions({ prescription, facts }: { prescription: DoctorPrescription; facts: ItemHistoryFacts | undefined }) {
  const headingId = `earlier-${prescription.id}`;
  const earlier = facts?.earlier ?? [];
  return (
    <section className="patient-context__earlier" aria-labelledby={headingId}>
      <h3 id={headingId}>{prescription.type === 'renewal' ? t('doctor.context.earlierHeading') : t('doctor.context.earlierHeadingTopic')}</h3>
      {prescription.type === 'renewal' && (
        <p className="patient-context__since" data-testid="since-approval">
          {facts?.daysSinceLastApproval != null ? t('doctor.context.sinceApproval', { count: facts.daysSinceLastApproval }) : t('doctor.context.noApproval')}
        </p>
      )}
      {earlier.length === 0 ? (
        <p>{t('doctor.context.noEarlier')}</p>
      ) : (
        <table className="patient-context__table">
          <thead>
            <tr>
              <th scope="col">{t('doctor.context.date')}</th>
              <th scope="col">{t('doctor.context.decision')}</th>
              <th scope="col">{t('doctor.context.reason')}</th>
              <th scope="col">{t('doctor.context.doctor')}</th>
            </tr>
          </thead>
          <tbody>
            {earlier.map((e) => (
              <tr key={e.itemId}>
                <td>{formatDateFi(`${e.date}T12:00:00`)}</td>
                <td>{decisionName(e.decision)}</td>
                <td>{e.reasonForDecision}</td>
                <td>{e.doctor ? `${e.doctor.firstName} ${e.doctor.lastName}` : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function PatientContextPanel({ context, prescription, loading, failed }: { context: PatientContext | null | undefined; prescription: DoctorPrescription; loading: boolean; failed: boolean }) {
  if (loading) return <p className="patient-context patient-context--loading">{t('doctor.context.loading')}</p>;
  if (failed || !context) return <p className="patient-context patient-context--failed">{t('doctor.context.failed')}</p>;
  return (
    <div className="patient-context" data-testid="patient-context">
      <dl className="patient-context__facts" aria-label={t('doctor.context.heading')}>
        {context.age !== null && (
          <div>
            <dt>{t('doctor.context.age')}</dt>
            <dd>{t('doctor.context.ageYears', { age: context.age })}</dd>
          </div>
        )}
        {context.sex !== null && (
          <div>
            <dt>{t('doctor.context.sex')}</dt>
            <dd>{tObject<Readonly<Record<string, string>>>('doctor.context.sexes')[context.sex]}</dd>
          </div>
        )}
        <div>
          <dt>{t('doctor.context.earlierOrders')}</dt>
          <dd>{context.earlierOrders}</dd>
        </div>
      </dl>
      <EarlierDecisions prescription={prescription} facts={context.items.find((i) => i.itemId === prescription.id)} />
    </div>
  );
}
