import { AppShell } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { toLanguage } from '@app/ui';
import { ErrorBanner } from '../components/ErrorBanner';
import { shareMantine } from '../federation/load-module';
import { Footer } from '../components/Footer';
import { PageLoader } from '../components/PageLoader';
import { ReloginModal } from '../components/ReloginModal';
import { TopBar } from '../components/TopBar';
import { LiveUpdates } from '../live/LiveUpdates';
import { sessionQuery } from './api';
import { RouteName } from './layouts';
import { Texts } from './Texts';

/** Signed-in screens: without a session, the login page; with one, the top bar and the page. */
export default function AuthLayout() {
  return (
    <Texts part="all">
      <SignedIn />
    </Texts>
  );
}

function SignedIn() {
  const session = useQuery(sessionQuery);
  const location = useLocation();
  const { i18n } = useTranslation();
  // the signed-in user's saved language wins over the browser's (also after a reload, not only at login)
  const locale = session.data?.userCtx.name ? session.data.locale : undefined;
  useEffect(() => {
    if (!locale) return;
    const language = toLanguage(locale);
    if (language === i18n.language) return;
    void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  }, [locale, i18n]);
  // signed in, a module is near: the full UI kit the remotes share loads now rather than at the module switch
  const signedIn = !!session.data?.userCtx.name;
  useEffect(() => {
    if (signedIn) void shareMantine();
  }, [signedIn]);
  if (session.isPending) return <PageLoader />;
  if (session.isError && !session.data) return <ErrorBanner error={session.error} />;
  if (!session.data?.userCtx.name) return <Navigate to="/user/login" replace state={{ from: location.pathname }} />;
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <RouteName />
      <LiveUpdates />
      <AppShell.Header>
        <TopBar session={session.data} />
      </AppShell.Header>
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
        <Footer />
      </AppShell.Main>
      <ReloginModal email={session.data.user?.email} />
    </AppShell>
  );
}
