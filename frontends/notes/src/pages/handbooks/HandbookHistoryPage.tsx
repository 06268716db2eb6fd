import type { HandbookRevision } from '@app/proto';
import { Paper, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { usePhone } from '@app/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiffView } from '../../components/DiffView';
import { useMemberNames, useRevisions, useWholeRevision } from '../../hooks/notes';
import { formatDateTime } from '../../lib/format';
import { handbookPath, useRoute } from '../../routing';
import { useRoutedHandbook } from './HandbookShowPage';
import { ErrorBanner, PageHeader, QueryList } from '@app/module-kit';

/**
 * A handbook's revisions, newest first, with who saved each and when; two chosen (an older "from" and a newer "to",
 * at first the two newest) are compared line by line.
 */
export default function HandbookHistoryPage() {
  const { t } = useTranslation('notes');
  const { accountId } = useRoute();
  const query = useRoutedHandbook('history');
  const doc = query.data?.doc;
  if (query.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (!doc) return <ErrorBanner error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return (
    <Stack>
      <PageHeader title={t('handbooks.history_of', { title: doc.title })} back={{ to: handbookPath(accountId, doc), label: doc.title ?? doc._id }} />
      <Revisions id={doc._id} />
    </Stack>
  );
}

function Revisions({ id }: { id: string }) {
  const { t, i18n } = useTranslation('notes');
  const { accountId } = useRoute();
  const phone = usePhone();
  const revisions = useRevisions(accountId, id);
  const names = useMemberNames(accountId);
  const list = revisions.data ?? [];
  const [picked, setPicked] = useState<{ from?: number; to?: number }>({});
  const to = picked.to ?? list[0]?.revision;
  const from = picked.from ?? list[1]?.revision ?? to;
  const byNumber = (n: number | undefined) => list.find((r) => r.revision === n);
  // a revision the list holds without its content is read alone before it is compared
  const older = useWholeRevision(accountId, id, byNumber(from));
  const newer = useWholeRevision(accountId, id, byNumber(to));
  // the label the service kept with the revision, else the member's name now
  const who = (r: HandbookRevision) => r.updated_by_label || (r.updated_by && names.data?.get(r.updated_by)) || t('history.nobody');
  const pick = (side: 'from' | 'to', n: number) => setPicked((p) => ({ from: p.from ?? from, to: p.to ?? to, [side]: n }));
  return (
    <Stack>
      <Paper withBorder radius="md" p="xs">
        <QueryList query={revisions} empty={t('history.empty')}>
          {(rows) => (
            <Table verticalSpacing={4} data-testid="revisions" layout={phone ? 'fixed' : undefined}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={phone ? 44 : 60}>{t('history.from')}</Table.Th>
                  <Table.Th w={phone ? 44 : 60}>{t('history.to')}</Table.Th>
                  <Table.Th>{t('history.revision')}</Table.Th>
                  {!phone && <Table.Th>{t('fields.title')}</Table.Th>}
                  <Table.Th>{t('history.who_when')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.revision} data-testid="revision-row">
                    <Table.Td>
                      <Radio
                        name="from"
                        aria-label={t('history.compare_from', { n: r.revision })}
                        checked={from === r.revision}
                        onChange={() => pick('from', r.revision)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Radio name="to" aria-label={t('history.compare_to', { n: r.revision })} checked={to === r.revision} onChange={() => pick('to', r.revision)} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        #{r.revision}
                      </Text>
                      {phone && (
                        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                          {r.title}
                        </Text>
                      )}
                    </Table.Td>
                    {!phone && (
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Text size="sm">{r.title}</Text>
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {who(r)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(r.updated_at, i18n.language)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </QueryList>
      </Paper>
      {older && newer && (
        <Paper withBorder radius="md" p="md">
          <Title order={3} size="h5" mb="xs">
            {t('history.comparing', { from: older.revision, to: newer.revision })}
          </Title>
          {older.title !== newer.title && (
            <Text size="sm" mb="xs" data-testid="title-change">
              {t('history.title_changed', { from: older.title, to: newer.title })}
            </Text>
          )}
          <DiffView before={older.content} after={newer.content} testId="revision-diff" />
        </Paper>
      )}
    </Stack>
  );
}
