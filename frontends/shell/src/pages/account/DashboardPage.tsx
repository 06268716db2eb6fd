import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';
import { formatDateTime } from './format-date';

interface Change {
  seq: number;
  id: string;
  deleted?: true;
  action: 'create' | 'update' | 'destroy';
  klass: string;
  doc?: { _id: string; label: string | null; updated_at: string };
}

/** A group's dashboard: its name and the last 20 changes (action, model, label or id, time; a deleted record: its id). */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { account_id = '' } = useParams();
  const account = useQuery({ queryKey: ['account', account_id], queryFn: () => api.get<{ name: string }>(`/accounts/${account_id}`) });
  const changes = useQuery({
    queryKey: ['changes', account_id],
    queryFn: () => api.get<{ results: Change[] }>(`/${account_id}/_changes`, { query: { include_docs: true, descending: true, limit: 20 } }),
  });
  const refresh = () => {
    void account.refetch();
    void changes.refetch();
  };
  return (
    <Stack maw={960} mx="auto">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h3">
          {account.data?.name ?? t('account.dashboard')}
        </Title>
        <Button variant="default" size="xs" onClick={refresh} loading={account.isFetching || changes.isFetching}>
          {t('common.refresh')}
        </Button>
      </Group>
      <ErrorBanner error={account.error ?? changes.error} />
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h5" mb="sm">
          {t('account.recent_changes')}
        </Title>
        {changes.isPending ? (
          <PageLoader />
        ) : !changes.data?.results.length ? (
          <Text c="dimmed">{t('account.no_changes')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table striped>
              <Table.Tbody>
                {changes.data.results.map((c) => (
                  <Table.Tr key={c.seq}>
                    <Table.Td>{t(`account.action.${c.action}`, { defaultValue: c.action })}</Table.Td>
                    <Table.Td>{c.klass}</Table.Td>
                    <Table.Td>
                      <Text size="sm" truncate="end" maw={320}>
                        {c.deleted || !c.doc ? c.id : c.doc.label || c.id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {c.deleted ? '' : formatDateTime(c.doc?.updated_at, i18n.language)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
