import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, sessionQuery, type Session } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';
import HomePage from '../home/HomePage';
import { MembershipsTab } from '../profile/MembershipsTab';
import { firstLanding } from './first-landing';

/**
 * The first page after login (`/app`): a user without a group who has not confirmed the e-mail learns that an
 * invitation shows only after confirming (with a resend button); a confirmed one with invitations sees them to accept;
 * everyone else gets the home routing of spec §2 (HomePage). Creating a group stays reachable, as a secondary link.
 */
export default function StartPage() {
  const session = useQuery(sessionQuery);
  if (!session.data) return session.isError ? <ErrorBanner error={session.error} /> : <PageLoader />;
  const landing = firstLanding(session.data);
  if (landing.kind === 'confirm-first') return <ConfirmFirst session={session.data} recheck={() => void session.refetch()} checking={session.isFetching} />;
  if (landing.kind === 'invitations') return <Invitations userId={session.data.userCtx.name ?? ''} />;
  return <HomePage />;
}

function ConfirmFirst({ session, recheck, checking }: { session: Session; recheck: () => void; checking: boolean }) {
  const { t } = useTranslation();
  const email = session.user?.email ?? '';
  const resend = useMutation({ mutationFn: () => api.call('POST /_users/_confirmation', { body: { email } }) });
  return (
    <Stack maw={640} mx="auto" data-testid="start-confirm">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack>
          <Title order={2} size="h3">
            {t('start.confirm.title')}
          </Title>
          <Text style={{ overflowWrap: 'anywhere' }}>{t('start.confirm.sent_to', { email })}</Text>
          <Alert color="blue" variant="light">
            {t('start.confirm.invitations')}
          </Alert>
          <ErrorBanner error={resend.error} />
          {resend.isSuccess && (
            <Alert color="green" data-testid="start-resent" style={{ overflowWrap: 'anywhere' }}>
              {t('start.confirm.resent', { email })}
            </Alert>
          )}
          <Group gap="sm">
            <Button onClick={() => resend.mutate()} loading={resend.isPending} disabled={!email}>
              {t('start.confirm.resend')}
            </Button>
            <Button variant="default" onClick={recheck} loading={checking}>
              {t('start.confirm.check_again')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Anchor component={Link} to="/account/new" size="sm" c="dimmed">
        {t('start.confirm.own_group')}
      </Anchor>
    </Stack>
  );
}

function Invitations({ userId }: { userId: string }) {
  const { t } = useTranslation();
  return (
    <Stack maw={960} mx="auto" data-testid="start-invitations">
      <Title order={2} size="h3">
        {t('start.invitations.title')}
      </Title>
      <Text c="dimmed">{t('start.invitations.detail')}</Text>
      <MembershipsTab userId={userId} confirmed pending />
      <Anchor component={Link} to="/account/new" size="sm" c="dimmed">
        {t('start.invitations.own_group')}
      </Anchor>
    </Stack>
  );
}
