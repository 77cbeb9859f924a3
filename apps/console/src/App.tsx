import { MantineProvider } from '@mantine/core';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { SessionProvider, forgetStoredToken, storedToken, useSession } from './api/session';
import { Layout } from './components/Layout';
import { isSignedOut, problemFromThrown } from './lib/problem';
import { AuditPage } from './pages/AuditPage';
import { DeviceLookupPage } from './pages/DeviceLookupPage';
import { EventsPage } from './pages/EventsPage';
import { FirmwareModelPage } from './pages/FirmwareModelPage';
import { FirmwarePage } from './pages/FirmwarePage';
import { LookupPage } from './pages/LookupPage';
import { MaintenancePage } from './pages/MaintenancePage';
import { ManufacturersPage } from './pages/ManufacturersPage';
import { MerchantPage } from './pages/MerchantPage';
import { MerchantsPage } from './pages/MerchantsPage';
import { OverviewPage } from './pages/OverviewPage';
import { PlansPage } from './pages/PlansPage';
import { PushPage } from './pages/PushPage';
import { RecordingsPage } from './pages/RecordingsPage';
import { SignInPage } from './pages/SignInPage';
import { UserLookupPage } from './pages/UserLookupPage';
import { UserSearchPage } from './pages/UserSearchPage';
import { cssVariablesResolver, theme } from './theme';

function SignedInRoutes() {
  return (
    <Layout>
      <Routes>
        <Route path="/" element={<Navigate to="/overview" replace />} />
        <Route path="/overview" element={<OverviewPage />} />
        <Route path="/lookup" element={<LookupPage />} />
        <Route path="/lookup/devices/:mac" element={<DeviceLookupPage />} />
        <Route path="/lookup/users" element={<UserSearchPage />} />
        <Route path="/lookup/users/:openId" element={<UserLookupPage />} />
        <Route path="/merchants" element={<MerchantsPage />} />
        <Route path="/merchants/:clientId" element={<MerchantPage />} />
        <Route path="/manufacturers" element={<ManufacturersPage />} />
        <Route path="/plans" element={<PlansPage />} />
        <Route path="/firmware" element={<FirmwarePage />} />
        <Route path="/firmware/:machineTypeName" element={<FirmwareModelPage />} />
        <Route path="/recordings" element={<RecordingsPage />} />
        <Route path="/recordings/:mac" element={<RecordingsPage />} />
        <Route path="/events" element={<EventsPage />} />
        <Route path="/push" element={<PushPage />} />
        <Route path="/maintenance" element={<MaintenancePage />} />
        <Route path="/audit" element={<AuditPage />} />
        <Route path="*" element={<Navigate to="/overview" replace />} />
      </Routes>
    </Layout>
  );
}

/** Signs in again with the token this tab used before a reload (sessionStorage), then shows the console. */
function Gate() {
  const { current, signIn } = useSession();
  const [resuming, setResuming] = useState(() => storedToken() !== null && !current);
  useEffect(() => {
    const token = storedToken();
    if (!resuming || !token) return;
    signIn(token)
      // Forgotten only when the platform refuses it (removed from ADMIN_TOKENS), not when it is unreachable.
      .catch((err: unknown) => isSignedOut(problemFromThrown(err)) && forgetStoredToken())
      .finally(() => setResuming(false));
  }, [resuming, signIn]);
  if (resuming) return null;
  return current ? <SignedInRoutes /> : <SignInPage />;
}

/** A refused token (removed from ADMIN_TOKENS meanwhile) ends the session instead of failing every page. */
function QueryLayer({ children }: { children: React.ReactNode }) {
  const { signOut } = useSession();
  const client = useMemo(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: (err) => isSignedOut(problemFromThrown(err)) && signOut() }),
        defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } },
      }),
    [signOut],
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <SessionProvider>
        <QueryLayer>
          <BrowserRouter basename="/console">
            <Gate />
          </BrowserRouter>
        </QueryLayer>
      </SessionProvider>
    </MantineProvider>
  );
}
