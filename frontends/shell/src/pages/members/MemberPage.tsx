import { Anchor, Badge, Breadcrumbs, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '@app/ui';
import { api, sessionQuery } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';
import { FLAGS, memberName, type SubscriptionDoc } from './members-data';

/** A member's subscription: the user, or a pending badge with the invited e-mail, and the five flags. */
export default function MemberPage() {
  const { t } = useTranslation();
  const { account_id = '', record_id = '' } = useParams();
  const session = useQuery(sessionQuery);
  const confirmed = !!(session.data?.user?.confirmed ?? session.data?.confirmed);
  const sub = useQuery({
    queryKey: ['member', account_id, record_id],
    queryFn: () => api.get<SubscriptionDoc>(`/${account_id}/${record_id}`),
    retry: false,
  });
  const base = `/account/${account_id}`;
  const notFound =
    (isApiError(sub.error) && sub.error.status === 404) || (sub.isSuccess && (!sub.data || sub.data.klass !== 'Subscription'));
  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} to={`${base}/subscriptions`} size="sm">
        {t('members.back')}
      </Anchor>
      <Text size="sm">{t('members.detail_title')}</Text>
    </Breadcrumbs>
  );
  if (sub.isPending) return <PageLoader />;
  if (notFound)
    return (
      <Stack maw={720} mx="auto" data-testid="member-not-found">
        {crumbs}
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h3" mb="sm">
            {t('members.not_found_title')}
          </Title>
          <Text c="dimmed">{t('members.not_found')}</Text>
        </Paper>
      </Stack>
    );
  if (sub.isError) return <ErrorBanner error={sub.error} />;
  const doc = sub.data!;
  const pending = doc.status === 'pending';
  return (
    <Stack maw={720} mx="auto">
      {crumbs}
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h3">
          {t('members.detail_title')}
        </Title>
        <Tooltip label={t('members.confirm_hint')} disabled={confirmed}>
          <Button component={Link} to={`${base}/subscriptions`} size="xs" variant="default" disabled={!confirmed} data-disabled={!confirmed || undefined}>
            {t('members.new')}
          </Button>
        </Tooltip>
      </Group>
      {!confirmed && (
        <Text size="sm" c="orange">
          {t('members.confirm_hint')}
        </Text>
      )}
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" mb="md" wrap="nowrap">
          {pending ? (
            <>
              <Badge color="yellow" variant="light">
                {t('members.pending')}
              </Badge>
              <Text truncate="end">{doc.email ?? doc.user?.email ?? doc._id}</Text>
            </>
          ) : (
            <Text fw={600} truncate="end">
              {memberName(doc)}
            </Text>
          )}
        </Group>
        <Table>
          <Table.Tbody>
            {FLAGS.map((flag) => (
              <Table.Tr key={flag}>
                <Table.Td>{t(`members.flags.${flag}`)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={doc[flag] ? 'green' : 'gray'} data-testid={`flag-${flag}`}>
                    {t(doc[flag] ? 'members.yes' : 'members.no')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
