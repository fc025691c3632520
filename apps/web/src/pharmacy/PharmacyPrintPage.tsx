import { useEffect } from 'react';
import { Heading } from 'suomifi-ui-components';
import { t } from '../i18n/i18n';
import { usePageTitle } from '../components/usePageTitle';
import { PatientInfoText } from './PatientInfo';
import './pharmacy.css';
import 'virtual:finnish-texts/pharmacy';

/** /print: the patient-info print view (opened in a new tab): opens the print dialog once, then closes the tab. */
export function PharmacyPrintPage() {
  usePageTitle(t('pharmacy.patientInfo.title'));
  useEffect(() => {
    // Once per page load (the cleanup cancels a second scheduling in React's dev double-run).
    // window.print() blocks until the dialog closes; then the tab closes itself.
    const timer = window.setTimeout(() => {
      window.print();
      window.close();
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <main id="main" className="page print-page">
      <Heading variant="h1" mb="m">
        {t('pharmacy.patientInfo.title')}
      </Heading>
      <PatientInfoText withPrivacyToggle={false} />
    </main>
  );
}
