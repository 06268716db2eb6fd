import type { CsvUploadReply } from '@app/proto';
import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { usePhone } from '@app/ui';
import { useTranslation } from 'react-i18next';
import { TagBadges } from '../../components/TagBadges';
import { formatDate } from '../../lib/format';
import { AMOUNT_MAX } from '../../lib/contract';
import { formatWalletMoney, NO_CURRENCY, type Denomination } from '../../lib/money';
import { reasonText } from '../../lib/reasons';
import { REFUSING, type PreviewRecord, type StatementRow } from '../../lib/statement';

/** the file's rows shown as they are */
const FILE_ROWS = 8;
const DELIMITERS: Record<string, string> = { ';': 'semicolon', ',': 'comma', '\t': 'tab', '|': 'pipe' };

/** What the server found in the file (encoding, delimiter, lines) and its first rows as a table, header included. */
export function FileRows({ reply, fileName, header, rows }: { reply: CsvUploadReply; fileName: string | null; header: string[] | null; rows: StatementRow[] }) {
  const { t } = useTranslation('finance');
  const width = Math.max(reply.columns, header?.length ?? 0);
  const cells = (r: readonly string[]) => Array.from({ length: width }, (_, i) => r[i] ?? '');
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {fileName ?? t('imports.file')}
        </Title>
        <Group gap="xs" wrap="wrap" data-testid="statement-dialect">
          <Badge variant="light" tt="none" data-testid="statement-encoding">
            {t('imports.encoding')}: {reply.encoding.toUpperCase()}
          </Badge>
          <Badge variant="light" tt="none" data-testid="statement-delimiter">
            {t('imports.delimiter')}: {t(`imports.delimiters.${DELIMITERS[reply.delimiter] ?? 'other'}`, { char: reply.delimiter })}
          </Badge>
          <Badge variant="light" color="gray" tt="none" data-testid="statement-lines">
            {t('imports.lines', { count: reply.lines })}
          </Badge>
        </Group>
        <Table.ScrollContainer minWidth={Math.min(900, width * 140)}>
          <Table striped withTableBorder fz="xs" verticalSpacing={4} data-testid="statement-rows">
            {header && (
              <Table.Thead>
                <Table.Tr>
                  {cells(header).map((c, i) => (
                    <Table.Th key={i}>{c || t('imports.column', { n: i + 1 })}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
            )}
            <Table.Tbody>
              {rows.slice(0, FILE_ROWS).map((r) => (
                <Table.Tr key={r.line}>
                  {cells(r.cells).map((c, i) => (
                    <Table.Td key={i} style={{ whiteSpace: 'nowrap' }}>
                      {c}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/**
 * The first rows as the import will save them: date, income or outgo, description, third party, categories (mapping
 * rules applied) and the amount in the wallet's currency; a row the import leaves out or fails on says why, by the
 * line of the file the import would name. `refusal`: the import would refuse the whole file before any line (its reason).
 */
export function PreviewTable({
  records,
  wallet,
  total,
  refusal,
  undecidedDates,
}: {
  records: PreviewRecord[];
  wallet: Denomination | undefined;
  total: number;
  refusal?: string | null;
  /** the file's dates read two ways and the person has not said which: they show as written, with a question */
  undecidedDates?: boolean;
}) {
  const { t, i18n } = useTranslation('finance');
  const phone = usePhone();
  const dateOf = (r: PreviewRecord) => (undecidedDates && r.date_text ? `${r.date_text} (${t('imports.date_undecided')})` : formatDate(r.date, i18n.language));
  const money = (r: PreviewRecord) =>
    r.value === null ? '' : formatWalletMoney(r.klass === 'Outgo' ? -r.value : r.value, i18n.language, wallet ?? { currency: NO_CURRENCY });
  const kind = (r: PreviewRecord) => (
    <Badge size="sm" variant="light" color={r.klass === 'Income' ? 'teal' : 'red'} tt="none">
      {t(r.klass === 'Income' ? 'entities.incomes.one' : 'entities.outgos.one')}
    </Badge>
  );
  const problem = (r: PreviewRecord) =>
    r.problem && (
      <Text size="xs" c={REFUSING.includes(r.problem) ? 'red' : 'dimmed'} data-testid="preview-problem">
        {t('imports.line', { line: r.line })}: {t(`imports.problems.${r.problem}`, { max: formatWalletMoney(AMOUNT_MAX, i18n.language, wallet ?? { currency: NO_CURRENCY }) })}
      </Text>
    );
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5">
            {t('imports.preview_title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('imports.preview_hint', { shown: records.length, count: total })}
          </Text>
        </div>
        {refusal && (
          <Alert color="red" variant="light" role="alert" title={t('imports.would_fail')} data-testid="preview-refusal">
            {reasonText(t, refusal)}
          </Alert>
        )}
        {phone ? (
          <Stack gap="xs" data-testid="preview-cards">
            {records.map((r) => (
              <Paper key={r.line} withBorder radius="sm" p="xs" data-testid="preview-row">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {r.description ?? r.third_party ?? t('common.none')}
                  </Text>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', flexShrink: 0 }} data-testid="preview-amount">
                    {money(r)}
                  </Text>
                </Group>
                <Group gap={6} wrap="wrap">
                  <Text size="xs" c="dimmed" data-testid="preview-when">
                    {/* a row without a date (left out, or refused) shows its third party alone */}
                    {[dateOf(r), r.description ? r.third_party : null].filter(Boolean).join(' · ')}
                  </Text>
                  {kind(r)}
                </Group>
                {r.categories.length > 0 && <TagBadges tags={r.categories} size="xs" />}
                {problem(r)}
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing={4} fz="sm" data-testid="preview-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('imports.line_short')}</Table.Th>
                  <Table.Th>{t('fields.date')}</Table.Th>
                  <Table.Th>{t('imports.kind')}</Table.Th>
                  <Table.Th>{t('fields.description')}</Table.Th>
                  <Table.Th>{t('imports.roles.third_party')}</Table.Th>
                  <Table.Th>{t('fields.categories')}</Table.Th>
                  <Table.Th ta="right">{t('fields.value')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((r) => (
                  <Table.Tr key={r.line} data-testid="preview-row">
                    <Table.Td c="dimmed">{r.line}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }} c={undecidedDates ? 'dimmed' : undefined}>
                      {dateOf(r)}
                    </Table.Td>
                    <Table.Td>{kind(r)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {r.description}
                      {problem(r)}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.third_party}</Table.Td>
                    <Table.Td>
                      <TagBadges tags={r.categories} size="xs" />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="preview-amount">
                      {money(r)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
