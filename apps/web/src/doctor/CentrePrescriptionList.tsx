/**
 * The patient's prescriptions of the item's medicine in Kanta's Prescription Centre (issue 41):
 * date, prescriber, validity, dispensed or not, renewable until, and the renewal rules' flags
 * (never dispensed, past 16/28 months, a curative course, ne repete, …). The doctor may still
 * approve a flagged one: the approval then makes a new prescription.
 */
import { formatDateFi, type CentreItemFacts, type CentrePrescriptionFacts, type TextKey } from '@resepti/domain';
import { t } from '../i18n/i18n';
import 'virtual:finnish-texts/doctor';

interface CentrePrescriptionListProps {
  /** The item's facts; undefined while the Centre is read. */
  facts: CentreItemFacts | undefined;
  loading: boolean;
  /** The Centre could not be reached (or the read failed). */
  unavailable: boolean;
  /** A renewal: the approval renews `renewsPrescriptionId` or makes a new one. */
  renewal: boolean;
}

const reasonText = (reason: CentrePrescriptionFacts['reasons'][number]) => t(`doctor.order.prescribing.reason.${reason}` as TextKey);

export function CentrePrescriptionList({ facts, loading, unavailable, renewal }: CentrePrescriptionListProps) {
  const renewed = facts?.prescriptions.find((p) => p.id === facts.renewsPrescriptionId);
  return (
    <section className="centre-prescriptions" aria-labelledby="centre-prescriptions-title" data-testid="centre-prescriptions">
      <h3 id="centre-prescriptions-title" className="centre-prescriptions__title">
        {t('doctor.order.prescribing.centreTitle')}
      </h3>
      {loading ? (
        <p role="status">{t('doctor.order.prescribing.centreLoading')}</p>
      ) : unavailable ? (
        <p role="status" className="centre-prescriptions__unavailable">
          {t('doctor.order.prescribing.centreUnavailable')}
        </p>
      ) : !facts || facts.prescriptions.length === 0 ? (
        <p>{t('doctor.order.prescribing.centreNone')}</p>
      ) : (
        <table className="centre-prescriptions__table">
          <thead>
            <tr>
              <th scope="col">{t('doctor.order.prescribing.date')}</th>
              <th scope="col">{t('doctor.order.prescribing.medicine')}</th>
              <th scope="col">{t('doctor.order.prescribing.prescriber')}</th>
              <th scope="col">{t('doctor.order.prescribing.validUntil')}</th>
              <th scope="col">{t('doctor.order.prescribing.dispensed')}</th>
              <th scope="col">{t('doctor.order.prescribing.renewableUntil')}</th>
              <th scope="col">{t('doctor.order.prescribing.flags')}</th>
            </tr>
          </thead>
          <tbody>
            {facts.prescriptions.map((p) => (
              <tr key={p.id} data-testid="centre-prescription">
                <td>{formatDateFi(p.authoredOn)}</td>
                <td>
                  {p.medicationName}
                  <br />
                  <span className="centre-prescriptions__dosage">{p.dosageInstruction}</span>
                </td>
                <td>{p.prescriber}</td>
                <td>{formatDateFi(p.validUntil)}</td>
                <td>{p.dispensed ? t('doctor.order.prescribing.yes') : t('doctor.order.prescribing.no')}</td>
                <td>{formatDateFi(p.renewableUntil)}</td>
                <td>
                  {p.renewable ? (
                    <span className="centre-flag centre-flag--ok">{t('doctor.order.prescribing.renewable')}</span>
                  ) : (
                    p.reasons.map((r) => (
                      <span key={r} className="centre-flag centre-flag--no">
                        {reasonText(r)}
                      </span>
                    ))
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {renewal && !loading && !unavailable && (
        <p className="centre-prescriptions__outcome">
          {renewed ? t('doctor.order.prescribing.renews', { date: formatDateFi(renewed.authoredOn) }) : t('doctor.order.prescribing.asNew')}
        </p>
      )}
    </section>
  );
}
