/** Providers and every route of SPEC section 2. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ApiNavigator } from './api/ApiNavigator';
import { SocketProvider } from './api/socket';
import { RequireUser } from './auth/RequireUser';
import { ErrorBoundary } from './components/ErrorBoundary';
import { lazyRoute } from './components/lazy-route';
import { PageLoading } from './components/PageLoading';
import { WorkbenchSkeleton } from './components/Skeleton';
import { preloadDoctor } from './doctor/doctor-preload';
import { preloadPharmacy } from './pharmacy/pharmacy-preload';
import { CustomerLayout } from './customer/CustomerLayout';
import { AccessibilityPage } from './public/AccessibilityPage';
import { CustomerInfoPage } from './public/CustomerInfoPage';
import { LandingPage } from './public/LandingPage';
import { CustomerLoginPage } from './public/CustomerLoginPage';
import { DoctorLoginPage } from './public/DoctorLoginPage';
import { PharmacyLoginPage } from './public/PharmacyLoginPage';
import { NotFoundPage } from './public/NotFoundPage';
import { ROUTES } from './routes';

// The role workbenches load on first use, so the landing and login pages stay light.
const AccountClosedPage = lazyRoute(() => import('./public/AccountClosedPage').then((m) => m.AccountClosedPage));
const CustomerHandlingPage = lazyRoute(() => import('./customer/CustomerHandlingPage').then((m) => m.CustomerHandlingPage));
const EmbeddedCheckoutPage = lazyRoute(() => import('./customer/EmbeddedCheckoutPage').then((m) => m.EmbeddedCheckoutPage));
const CustomerHelloPage = lazyRoute(() => import('./customer/CustomerHelloPage').then((m) => m.CustomerHelloPage));
const CustomerPrescriptionsPage = lazyRoute(() => import('./customer/CustomerPrescriptionsPage').then((m) => m.CustomerPrescriptionsPage));
const CustomerProfilePage = lazyRoute(() => import('./customer/CustomerProfilePage').then((m) => m.CustomerProfilePage));
const RegisterHelloPage = lazyRoute(() => import('./public/RegisterHelloPage').then((m) => m.RegisterHelloPage));
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

function AppRoutes() {
  return (
    <Routes>
      {/* public */}
      <Route path={ROUTES.home} element={<LandingPage />} />
      <Route path={ROUTES.registerHello} element={<RegisterHelloPage />} />
      <Route path={ROUTES.customerInfo} element={<CustomerInfoPage />} />
      <Route path={ROUTES.accessibility} element={<AccessibilityPage />} />
      <Route path={ROUTES.accountClosed} element={<AccountClosedPage />} />
      <Route path={ROUTES.customerLogin} element={<CustomerLoginPage />} />
      <Route path={ROUTES.doctorLogin} element={<DoctorLoginPage />} />
      <Route path={ROUTES.doctorLoginAlias} element={<DoctorLoginPage />} />
      <Route path={ROUTES.pharmacyLogin} element={<PharmacyLoginPage />} />
      <Route
        path={ROUTES.staffMfa}
        element={
          <Suspense fallback={<PageLoading />}>
            <StaffMfaPage />
          </Suspense>
        }
      />

      {/* customer (the customer's pages also admit any signed-in user) */}
      <Route
        element={
          <RequireUser level="customer">
            <CustomerLayout />
          </RequireUser>
        }
      >
        <Route path={ROUTES.customerHello} element={<CustomerHelloPage />} />
        <Route path={ROUTES.customerPrescriptions} element={<CustomerPrescriptionsPage />} />
        <Route path={ROUTES.customerHandling} element={<CustomerHandlingPage />} />
        <Route path={ROUTES.customerCheckout} element={<EmbeddedCheckoutPage />} />
        <Route path={ROUTES.customerProfile} element={<CustomerProfilePage />} />
      </Route>

      {/* doctor */}
      <Route
        element={
          <RequireUser level="doctor" preload={preloadDoctor} loading={<WorkbenchSkeleton />}>
            <Suspense fallback={<WorkbenchSkeleton />}>
              <DoctorLayout />
            </Suspense>
          </RequireUser>
        }
      >
        <Route path={ROUTES.doctorQueue} element={<DoctorQueuePage />} />
        <Route path={ROUTES.doctorHistory} element={<DoctorHistoryPage />} />
        <Route path={ROUTES.doctorAdmin} element={<DoctorAdminPage />} />
      </Route>

      {/* pharmacy */}
      <Route
        element={
          <RequireUser level="pharmacy" preload={preloadPharmacy} loading={<WorkbenchSkeleton />}>
            <Suspense fallback={<WorkbenchSkeleton />}>
              <PharmacyLayout />
            </Suspense>
          </RequireUser>
        }
      >
        <Route path={ROUTES.pharmacyWorkbench} element={<PharmacyWorkbenchPage />} />
        <Route path={ROUTES.pharmacyOffice} element={<OfficeChooserPage />} />
        <Route path={ROUTES.pharmacyAdmin} element={<PharmacyAdminPage />} />
      </Route>
      <Route
        path={ROUTES.pharmacyPrint}
        element={
          <RequireUser level="pharmacy">
            <PharmacyPrintPage />
          </RequireUser>
        }
      />

      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  // A language change renders the whole tree again: every screen then reads the new catalog.
  useTranslation();
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <SocketProvider>
          <BrowserRouter>
            <ApiNavigator />
            <Suspense fallback={<PageLoading />}>
              <AppRoutes />
            </Suspense>
          </BrowserRouter>
        </SocketProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
