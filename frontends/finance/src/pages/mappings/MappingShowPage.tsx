import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { usePhone } from '@app/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TagBadges } from '../../components/TagBadges';
import { useDoc } from '../../hooks/finance';
import { useInvalidate } from '../../hooks/invalidate';
import { docs, rules, type RulePreviewRow } from '../../lib/api';
import { formatDate } from '../../lib/format';
import type { RuleDoc } from '../../lib/mapping-rules';
import { SEGMENT_OF } from '../../lib/records';
import { accountPath, useRoute } from '../../routing';
import { ruleTitle } from './MappingsListPage';
import { RuleText } from './RuleText';
import { DeleteDialog, ErrorBanner, PageHeader } from '@app/module-kit';

/**
 * A mapping rule: what it watches and changes, edit and delete, and — on demand — what it would change on the records
 * already stored (the preview), then Apply, which changes them and says how many changed.
 */
export default function MappingShowPage() {
  const { t } = useTranslation('finance');
  const { accountId, recordId } = useRoute();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const rule = useDoc<'Mapping'>(accountId, recordId);
  const [deleting, setDeleting] = useState(false);
  const preview = useMutation({ mutationFn: () => rules.preview(accountId, recordId!) });
  const apply = useMutation({
    mutationFn: () => rules.apply(accountId, recordId!),
    onSuccess: async () => {
      preview.reset();
      await invalidate();
    },
  });
  const back = { to: accountPath(accountId, 'mappings'), label: t('entities.mappings.many') };
  if (rule.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (!rule.data)
    return (
      <Stack>
        <PageHeader title={t('entities.mappings.one')} back={back} />
        <ErrorBanner error={rule.error} onRetry={() => void rule.refetch()} retrying={rule.isFetching} />
      </Stack>
    );
  const doc = rule.data as unknown as RuleDoc;
  const title = ruleTitle(doc, t);
  const details: Array<[string, ReactNode]> = [
    ['target', t(`mappings.targets.${doc.target}`)],
    ['order', typeof doc.order === 'number' ? String(doc.order) : t('common.none')],
    ['description', doc.description || t('common.none')],
  ];
  return (
    <Stack>
      <PageHeader
        title={title}
        back={back}
        badge={
          <Badge variant="light" color={doc.active === false ? 'gray' : 'green'} tt="none">
            {t(doc.active === false ? 'status.inactive' : 'mappings.active')}
          </Badge>
        }
        actions={
          <>
            <Button component={Link} to={accountPath(accountId, 'mappings', doc._id, 'edit')} size="xs" variant="default">
              {t('common.edit')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setDeleting(true)}>
              {t('common.delete')}
            </Button>
          </>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            {details.map(([name, value]) => (
              <div key={name}>
                <Text size="xs" c="dimmed">
                  {t(`mappings.${name}`)}
                </Text>
                <Text style={{ overflowWrap: 'anywhere' }} data-testid={`field-${name}`}>
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          <RuleText rule={doc} />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <div>
            <Title order={3} size="h5">
              {t('mappings.existing_title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('mappings.existing_hint')}
            </Text>
          </div>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => (apply.reset(), preview.mutate())} loading={preview.isPending} data-testid="preview-rule">
              {t('mappings.preview')}
            </Button>
            {preview.data && preview.data.length > 0 && (
              <Button size="xs" onClick={() => apply.mutate()} loading={apply.isPending} data-testid="apply-rule">
                {t('mappings.apply', { count: preview.data.length })}
              </Button>
            )}
          </Group>
          <ErrorBanner error={preview.error ?? apply.error} />
          {apply.isSuccess && (
            <Alert color="teal" variant="light" data-testid="rule-applied">
              {t('mappings.applied', { count: apply.data })}
            </Alert>
          )}
          {preview.data &&
            (preview.data.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="preview-empty">
                {t('mappings.preview_empty')}
              </Text>
            ) : (
              <RulePreview rows={preview.data} />
            ))}
        </Stack>
      </Paper>
      <DeleteDialog
        opened={deleting}
        name={title}
        title={t('entities.mappings.delete_title')}
        onConfirm={async () => {
          await docs.remove(accountId, doc._id, doc._rev);
          await invalidate();
          navigate(accountPath(accountId, 'mappings'));
        }}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}

/** A change's value: categories as tags, a text as it is, nothing as a dash. */
function Value({ value }: { value: string | string[] | null }) {
  const { t } = useTranslation('finance');
  if (Array.isArray(value)) return <TagBadges tags={value} size="xs" />;
  return <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{value || t('common.none')}</Text>;
}

/** The records the rule would change: each with its link, the field, before and after. */
function RulePreview({ rows }: { rows: RulePreviewRow[] }) {
  const { t, i18n } = useTranslation('finance');
  const { accountId } = useRoute();
  const phone = usePhone();
  const records = useQuery({ queryKey: ['finance', 'rule-preview-records', accountId, rows.map((r) => r.key)], queryFn: () => rules.records(accountId, rows) });
  const items = rows.flatMap((row) => row.value.changes.map((change, i) => ({ row, change, key: `${row.key}-${i}` })));
  const link = (row: RulePreviewRow) => {
    const segment = SEGMENT_OF[row.value.klass as keyof typeof SEGMENT_OF];
    // what the record was called before the change: its description, else its third party, else its kind
    const doc = records.data?.get(row.key);
    const described = row.value.changes.find((c) => c.field === 'description')?.before;
    const text = (v: unknown) => (typeof v === 'string' && v.trim()) || '';
    const label =
      text(described) || text(doc?.description) || text(doc?.paid_by) || text(doc?.paid_to) || (segment ? t(`entities.${segment}.one`) : row.key);
    const date = formatDate(typeof doc?.date === 'string' ? doc.date : null, i18n.language);
    return segment ? (
      <div>
        <Anchor component={Link} to={accountPath(accountId, segment, row.key)} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {label}
        </Anchor>
        {date && (
          <Text size="xs" c="dimmed">
            {date}
          </Text>
        )}
      </div>
    ) : (
      <Text size="sm">{label}</Text>
    );
  };
  if (phone)
    return (
      <Stack gap="xs" data-testid="rule-preview">
        {items.map(({ row, change, key }) => (
          <Paper key={key} withBorder radius="sm" p="xs" data-testid="rule-preview-row">
            {link(row)}
            <Text size="xs" c="dimmed">
              {t(`mappings.fields.${change.field}`)}
            </Text>
            <Value value={change.before} />
            <Text size="xs" c="dimmed">
              ↓
            </Text>
            <Value value={change.after} />
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table striped verticalSpacing={4} data-testid="rule-preview">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('mappings.record')}</Table.Th>
          <Table.Th>{t('mappings.field')}</Table.Th>
          <Table.Th>{t('mappings.before')}</Table.Th>
          <Table.Th>{t('mappings.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map(({ row, change, key }) => (
          <Table.Tr key={key} data-testid="rule-preview-row">
            <Table.Td>{link(row)}</Table.Td>
            <Table.Td>{t(`mappings.fields.${change.field}`)}</Table.Td>
            <Table.Td>
              <Value value={change.before} />
            </Table.Td>
            <Table.Td>
              <Value value={change.after} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
