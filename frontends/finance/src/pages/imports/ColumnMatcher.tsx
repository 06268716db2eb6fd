import { Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { usePhone } from '@app/ui';
import { useTranslation } from 'react-i18next';
import { COLUMN_ROLES, IGNORE, type ColumnChoice, type StatementRow } from '../../lib/statement';

/** the values of a column shown beside its select */
const SAMPLES = 3;

/**
 * One select per column of the file: date, amount, debit, credit, description, third party, categories or ignore. A
 * role is one column's (choosing it for another column frees the first). A row a column (its name, its first values,
 * its select), so a file of many columns still fits a phone.
 */
export function ColumnMatcher({
  header,
  rows,
  choices,
  onChoose,
}: {
  header: string[] | null;
  rows: StatementRow[];
  choices: ColumnChoice[];
  onChoose: (index: number, choice: ColumnChoice) => void;
}) {
  const { t } = useTranslation('finance');
  const phone = usePhone();
  const options = [...COLUMN_ROLES, IGNORE].map((role) => ({ value: role, label: t(`imports.roles.${role}`) }));
  const columns = choices.map((choice, i) => {
    const name = header?.[i]?.trim() || t('imports.column', { n: i + 1 });
    const samples = rows
      .map((r) => (r.cells[i] ?? '').trim())
      .filter((v) => v !== '')
      .slice(0, SAMPLES);
    const select = (
      <Select
        aria-label={t('imports.column_holds', { name })}
        data={options}
        value={choice}
        onChange={(v) => v && onChoose(i, v as ColumnChoice)}
        allowDeselect={false}
        size="xs"
        comboboxProps={{ withinPortal: true }}
        data-testid={`column-${i}`}
        data-role={choice}
      />
    );
    return { i, name, samples, select, choice };
  });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5">
            {t('imports.columns_title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('imports.columns_hint')}
          </Text>
        </div>
        {phone ? (
          <Stack gap="xs" data-testid="column-cards">
            {columns.map((c) => (
              <Paper key={c.i} withBorder radius="sm" p="xs">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {c.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} mb={4}>
                  {c.samples.join(' · ') || t('common.none')}
                </Text>
                {c.select}
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table verticalSpacing={6} data-testid="column-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="22%">{t('imports.column_name')}</Table.Th>
                <Table.Th>{t('imports.first_values')}</Table.Th>
                <Table.Th w={220}>{t('imports.holds')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {columns.map((c) => (
                <Table.Tr key={c.i}>
                  <Table.Td fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {c.name}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {c.samples.join(' · ') || t('common.none')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{c.select}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
