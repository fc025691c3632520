/** The staff's navigation, shared by their workbench layouts and the two-step sign-in page (labels read when shown). */
import { ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import type { RoleNavItem } from './RoleHeader';
import 'virtual:finnish-texts/app';

export function doctorNav(): RoleNavItem[] {
  return [
    { to: ROUTES.doctorQueue, label: t('app.doctor.queueHeading'), end: true },
    { to: ROUTES.doctorHistory, label: t('app.doctor.historyHeading') },
    { to: ROUTES.doctorAdmin, label: t('app.doctor.adminHeading') },
  ];
}

export function pharmacyNav(user: { officeCount: number; isAdmin: boolean } | undefined): RoleNavItem[] {
  const nav: RoleNavItem[] = [{ to: ROUTES.pharmacyWorkbench, label: t('pharmacy.workbench.heading') }];
  // With one office there is nothing to change to (the login selected it).
  if ((user?.officeCount ?? 0) > 1) nav.push({ to: ROUTES.pharmacyOffice, label: t('app.pharmacy.changeOffice') });
  if (user?.isAdmin) nav.push({ to: ROUTES.pharmacyAdmin, label: t('pharmacy.admin.heading') });
  return nav;
}
