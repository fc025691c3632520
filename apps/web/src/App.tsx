/** Providers and every route of SPEC section 2. */
import { type ComponentType, type ReactNode, Suspense } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useLanguage } from './i18n/i18n';
import { ErrorBoundary } from './components/ErrorBoundary';
import { lazyRoute, RouteBoundary } from './components/lazy-route';
import { PageLoading } from './components/PageLoading';
import { WorkbenchSkeleton } from './components/Skeleton';
import type { RequireUserProps } from './auth/RequireUser';
import { LandingPage } from './public/LandingPage';
import { ROUTES } from './routes/routes';

// Only the landing page is in the first load (issue 24: ≤ 100 KiB gzip, bench figure
// web_js_gzip_kb); every other page, the role layouts and the data layer load on first use.
/** react-query and the socket: every page but the landing page renders inside it (main.tsx starts its import early). */
export const loadDataLayer = () => import('./api/DataLayer');
const DataLayer = lazyRoute(() => loadDataLayer().then((m) => m.DataLayer));
const AccessibilityPage = lazyRoute(() => import('./public/AccessibilityPage').then((m) => m.AccessibilityPage));
const CustomerInfoPage = lazyRoute(() => import('./public/CustomerInfoPage').then((m) => m.CustomerInfoPage));
const CustomerLoginPage = lazyRoute(() => import('./public/CustomerLoginPage').then((m) => m.CustomerLoginPage));
const DoctorLoginPage = lazyRoute(() => import('./public/DoctorLoginPage').then((m) => m.DoctorLoginPage));
const PharmacyLoginPage = lazyRoute(() => import('./pharmacy/PharmacyLoginPage').then((m) => m.PharmacyLoginPage));
const NotFoundPage = lazyRoute(() => import('./public/NotFoundPage').then((m) => m.NotFoundPage));
// The route guard too: it brings the session check, the wrong-role page and suomifi's Button.
const RequireUser = lazyRoute(() => import('./auth/RequireUser').then((m) => m.RequireUser));
/** A staff level's guard: its preload (the level's screen code and first data) loads with the guard's code, not after it. */
function staffGuard(loadPreload: () => Promise<NonNullable<RequireUserProps['preload']>>) {
  return lazyRoute(async () => {
    const [{ RequireUser: Guard }, preload] = await Promise.all([import('./auth/RequireUser'), loadPreload()]);
    return (props: Omit<RequireUserProps, 'preload'>) => <Guard {...props} preload={preload} />;
  });
}
const DoctorGuard = staffGuard(() => import('./doctor/doctor-preload').then((m) => m.preloadDoctor));
const PharmacyGuard = staffGuard(() => import('./pharmacy/pharmacy-preload').then((m) => m.preloadPharmacy));
const CustomerLayout = lazyRoute(() => import('./customer/CustomerLayout').then((m) => m.CustomerLayout));
const AccountClosedPage = lazyRoute(() => import('./public/AccountClosedPage').then((m) => m.AccountClosedPage));
const CustomerHandlingPage = lazyRoute(() => import('./customer/CustomerHandlingPage').then((m) => m.CustomerHandlingPage));
const EmbeddedCheckoutPage = lazyRoute(() => import('./customer/EmbeddedCheckoutPage').then((m) => m.EmbeddedCheckoutPage));
const CustomerHelloPage = lazyRoute(() => import('./customer/CustomerHelloPage').then((m) => m.CustomerHelloPage));
const CustomerPrescriptionsPage = lazyRoute(() => import('./customer/CustomerPrescriptionsPage').then((m) => m.CustomerPrescriptionsPage));
const CustomerProfilePage = lazyRoute(() => import('./customer/CustomerProfilePage').then((m) => m.CustomerProfilePage));
const RegisterHelloPage = lazyRoute(() => import('./customer/RegisterHelloPage').then((m) => m.RegisterHelloPage));
const StaffMfaPage = lazyRoute(() => import('./auth/StaffMfaPage').then((m) => m.StaffMfaPage));
const DoctorAdminPage = lazyRoute(() => import('./doctor/DoctorAdminPage').then((m) => m.DoctorAdminPage));
const DoctorHistoryPage = lazyRoute(() => import('./doctor/DoctorHistoryPage').then((m) => m.DoctorHistoryPage));
const DoctorLayout = lazyRoute(() => import('./doctor/DoctorLayout').then((m) => m.DoctorLayout));
const DoctorQueuePage = lazyRoute(() => import('./doctor/DoctorQueuePage').then((m) => m.DoctorQueuePage));
const OfficeChooserPage = lazyRoute(() => import('./pharmacy/OfficeChooserPage').then((m) => m.OfficeChooserPage));
const PharmacyAdminPage = lazyRoute(() => import('./pharmacy/PharmacyAdminPage').then((m) => m.PharmacyAdminPage));
const PharmacyLayout = lazyRoute(() => import('./pharmacy/PharmacyLayout').then((m) => m.PharmacyLayout));
const PharmacyPrintPage = lazyRoute(() => import('./pharmacy/PharmacyPrintPage').then((m) => m.PharmacyPrintPage));
const PharmacyWorkbenchPage = lazyRoute(() => import('./pharmacy/PharmacyWorkbenchPage').then((m) => m.PharmacyWorkbenchPage));

/**
 * A page outside the role layouts that loads on first use: while its code loads a spinner, and if
 * its chunk cannot be fetched (offline) the retry notice, which loads it once the server answers.
 * Each route has its own boundary, so a failed page does not stay on after a navigation.
 */
function lazyPage(page: ReactNode, fallback: ReactNode = <PageLoading />) {
  return (
    <RouteBoundary>
      <Suspense fallback={fallback}>{page}</Suspense>
    </RouteBoundary>
  );
}

/** A staff level's pages: its guard (and preload), then its layout, the workbench's skeleton while each loads. */
function workbench(Guard: ComponentType<Omit<RequireUserProps, 'preload'>>, level: 'doctor' | 'pharmacy', Layout: ComponentType) {
  return lazyPage(
    <Guard level={level} loading={<WorkbenchSkeleton />}>
      {lazyPage(<Layout />, <WorkbenchSkeleton />)}
    </Guard>,
    <WorkbenchSkeleton />,
  );
}

/** A staff workbench's address: while the data layer loads, its skeleton shows already. */
const isWorkbench = (pathname: string) =>
  pathname.startsWith(ROUTES.doctorQueue) || [ROUTES.pharmacyWorkbench, ROUTES.pharmacyOffice, ROUTES.pharmacyAdmin].some((path) => path === pathname);

function DataLayerRoute() {
  const { pathname } = useLocation();
  return lazyPage(<DataLayer />, isWorkbench(pathname) ? <WorkbenchSkeleton /> : <PageLoading />);
}

function AppRoutes() {
  return (
    <Routes>
      <Route path={ROUTES.home} element={<LandingPage />} />
      {/* every other page renders inside the data layer */}
      <Route element={<DataLayerRoute />}>
        {/* public */}
        <Route path={ROUTES.registerHello} element={lazyPage(<RegisterHelloPage />)} />
        <Route path={ROUTES.customerInfo} element={lazyPage(<CustomerInfoPage />)} />
        <Route path={ROUTES.accessibility} element={lazyPage(<AccessibilityPage />)} />
        <Route path={ROUTES.accountClosed} element={lazyPage(<AccountClosedPage />)} />
        <Route path={ROUTES.customerLogin} element={lazyPage(<CustomerLoginPage />)} />
        <Route path={ROUTES.doctorLogin} element={lazyPage(<DoctorLoginPage />)} />
        <Route path={ROUTES.doctorLoginAlias} element={lazyPage(<DoctorLoginPage />)} />
        <Route path={ROUTES.pharmacyLogin} element={lazyPage(<PharmacyLoginPage />)} />
        <Route path={ROUTES.staffMfa} element={lazyPage(<StaffMfaPage />)} />

        {/* customer (the customer's pages also admit any signed-in user) */}
        <Route element={lazyPage(<RequireUser level="customer">{lazyPage(<CustomerLayout />)}</RequireUser>)}>
          <Route path={ROUTES.customerHello} element={<CustomerHelloPage />} />
          <Route path={ROUTES.customerPrescriptions} element={<CustomerPrescriptionsPage />} />
          <Route path={ROUTES.customerHandling} element={<CustomerHandlingPage />} />
          <Route path={ROUTES.customerCheckout} element={<EmbeddedCheckoutPage />} />
          <Route path={ROUTES.customerProfile} element={<CustomerProfilePage />} />
        </Route>

        {/* doctor */}
        <Route element={workbench(DoctorGuard, 'doctor', DoctorLayout)}>
          <Route path={ROUTES.doctorQueue} element={<DoctorQueuePage />} />
          <Route path={ROUTES.doctorHistory} element={<DoctorHistoryPage />} />
          <Route path={ROUTES.doctorAdmin} element={<DoctorAdminPage />} />
        </Route>

        {/* pharmacy */}
        <Route element={workbench(PharmacyGuard, 'pharmacy', PharmacyLayout)}>
          <Route path={ROUTES.pharmacyWorkbench} element={<PharmacyWorkbenchPage />} />
          <Route path={ROUTES.pharmacyOffice} element={<OfficeChooserPage />} />
          <Route path={ROUTES.pharmacyAdmin} element={<PharmacyAdminPage />} />
        </Route>
        <Route path={ROUTES.pharmacyPrint} element={lazyPage(<RequireUser level="pharmacy">{lazyPage(<PharmacyPrintPage />)}</RequireUser>)} />

        <Route path="*" element={lazyPage(<NotFoundPage />)} />
      </Route>
    </Routes>
  );
}

export function App() {
  // A language change renders the whole tree again: every screen then reads the new catalog.
  useLanguage();
  return (
    <ErrorBoundary>
      <BrowserRouter>
        <Suspense fallback={<PageLoading />}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
