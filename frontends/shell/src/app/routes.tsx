import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { PublicLayout } from './layouts';

// Every page is lazy-loaded from this one table (STYLE 7): the login page's first load carries only the login form.
const AuthLayout = lazy(() => import('./AuthLayout'));
const LoginPage = lazy(() => import('../pages/user/LoginPage'));
const RegisterPage = lazy(() => import('../pages/user/RegisterPage'));
const ConfirmNewPage = lazy(() => import('../pages/user/ConfirmNewPage'));
const ConfirmTokenPage = lazy(() => import('../pages/user/ConfirmTokenPage'));
const PasswordNewPage = lazy(() => import('../pages/user/PasswordNewPage'));
const PasswordTokenPage = lazy(() => import('../pages/user/PasswordTokenPage'));
// /app: the first landing after login (pages/user/first-landing.ts), which hands over to the home routing
const StartPage = lazy(() => import('../pages/user/StartPage'));
const NewAccountPage = lazy(() => import('../pages/account/NewAccountPage'));
const DashboardPage = lazy(() => import('../pages/account/DashboardPage'));
const NoopPage = lazy(() => import('../pages/NoopPage'));
const AdminPage = lazy(() => import('../pages/admin/AdminPage'));
const MembersPage = lazy(() => import('../pages/members/MembersPage'));
const MemberPage = lazy(() => import('../pages/members/MemberPage'));
const MemberNewPage = lazy(() => import('../pages/members/MemberNewPage'));
const ProfilePage = lazy(() => import('../pages/profile/ProfilePage'));
const ModulePage = lazy(() => import('../pages/modules/ModulePage'));
const AccountModulePage = lazy(() => import('../pages/modules/AccountModulePage'));
const GroupsPage = lazy(() => import('../pages/groups/GroupsPage'));
const SettingsPage = lazy(() => import('../pages/settings/SettingsPage'));
const LandingPage = lazy(() => import('../pages/public/LandingPage'));
const LegalPage = lazy(() => import('../pages/public/LegalPage'));
const IconsPage = lazy(() => import('../pages/public/IconsPage'));
const NewsletterPage = lazy(() => import('../pages/public/NewsletterPage'));
const BillingPage = lazy(() => import('../pages/billing/BillingPage'));
const UsagePage = lazy(() => import('../pages/billing/UsagePage'));
const PlanSelectionPage = lazy(() => import('../pages/billing/PlanSelectionPage'));
const CheckoutPage = lazy(() => import('../pages/billing/CheckoutPage'));
const BackupsPage = lazy(() => import('../pages/backups/BackupsPage'));
const ReportsPage = lazy(() => import('../pages/reports/ReportsPage'));

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { id: 'user.login', path: '/user/login', element: <LoginPage /> },
      { id: 'user.register', path: '/user/register', element: <RegisterPage /> },
      { id: 'user.confirm.new', path: '/user/confirm/new', element: <ConfirmNewPage /> },
      { id: 'user.confirm', path: '/user/confirm/:token', element: <ConfirmTokenPage /> },
      { id: 'user.password.new', path: '/user/password/new', element: <PasswordNewPage /> },
      { id: 'user.password', path: '/user/password/:token', element: <PasswordTokenPage /> },
      { id: 'noop', path: '/noop', element: <NoopPage /> },
      { id: 'icons', path: '/icons', element: <IconsPage /> },
      { id: 'welcome', path: '/welcome', element: <LandingPage /> },
      { id: 'legal.terms', path: '/terms-and-conditions.html', element: <LegalPage page="terms" /> },
      { id: 'legal.privacy', path: '/privacy-policy.html', element: <LegalPage page="privacy" /> },
      { id: 'legal.refund', path: '/refund-policy.html', element: <LegalPage page="refund" /> },
      { id: 'legal.disclaimer', path: '/disclaimer.html', element: <LegalPage page="disclaimer" /> },
    ],
  },
  {
    element: (
      <Suspense fallback={<PageLoader />}>
        <AuthLayout />
      </Suspense>
    ),
    children: [
      { id: 'home', path: '/app', element: <StartPage /> },
      { id: 'home.html', path: '/app.html', element: <Navigate to="/app" replace /> },
      { id: 'user.profile', path: '/user/profile', element: <ProfilePage /> },
      { id: 'user.newsletter', path: '/user/newsletter', element: <NewsletterPage /> },
      { id: 'account.new', path: '/account/new', element: <NewAccountPage /> },
      { id: 'account.dashboard', path: '/account/:account_id', element: <DashboardPage /> },
      { id: 'account.admin', path: '/account/:account_id/admin', element: <AdminPage /> },
      { id: 'account.subscriptions', path: '/account/:account_id/subscriptions', element: <MembersPage /> },
      // memberships (spec §2 subscriptions: index, show, new, edit); users/{id} is the member detail too
      { id: 'account.subscriptions.new', path: '/account/:account_id/subscriptions/new', element: <MemberNewPage /> },
      { id: 'account.subscriptions.show', path: '/account/:account_id/subscriptions/:record_id', element: <MemberPage /> },
      { id: 'account.subscriptions.edit', path: '/account/:account_id/subscriptions/:record_id/edit', element: <MemberPage edit /> },
      { id: 'account.users.show', path: '/account/:account_id/users/:record_id', element: <MemberPage /> },
      { id: 'account.module', path: '/account/:account_id/m/:module', element: <ModulePage /> },
      { id: 'account.noop', path: '/account/:account_id/noop', element: <NoopPage /> },
      { id: 'account.groups', path: '/account/:account_id/groups', element: <GroupsPage /> },
      // spec §2 "Also: … Settings, … a version card"
      { id: 'account.settings', path: '/account/:account_id/settings', element: <SettingsPage /> },
      { id: 'account.groups.new', path: '/account/:account_id/groups/new', element: <GroupsPage page="new" /> },
      // the adminnoop entry's page (spec §2): the group's backups
      { id: 'account.backups', path: '/account/:account_id/backups', element: <BackupsPage /> },
      // and its reports (administrators and members with report access)
      { id: 'account.reports', path: '/account/:account_id/reports', element: <ReportsPage /> },
      // every other account path belongs to a module remote (modules/module-routes.ts); the pages above rank first
      { id: 'account.module-path', path: '/account/:account_id/*', element: <AccountModulePage /> },
      { id: 'checkout', path: '/checkout', element: <PlanSelectionPage /> },
      { id: 'account.billing', path: '/account/:account_id/billing', element: <BillingPage /> },
      { id: 'account.usage', path: '/account/:account_id/usage', element: <UsagePage /> },
      { id: 'account.checkout', path: '/account/:account_id/checkout/:price_id', element: <CheckoutPage /> },
    ],
  },
  { path: '*', element: <Navigate to="/app" replace /> },
];
