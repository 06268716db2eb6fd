import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { usePhone } from '@app/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRules } from '../../hooks/imports';
import type { RuleDoc } from '../../lib/mapping-rules';
import { accountPath, useRoute } from '../../routing';
import { RuleText } from './RuleText';
import { PageHeader, QueryList } from '@app/module-kit';

/** Rules in the order they apply: by `order` (none last), then as created. */
export function sortRules(rules: readonly RuleDoc[]): RuleDoc[] {
  const rank = (r: RuleDoc) => (typeof r.order === 'number' ? r.order : Infinity);
  return [...rules].sort((a, b) => rank(a) - rank(b) || String(a.created_at ?? '').localeCompare(String(b.created_at ?? '')));
}

/** What the rule is called: its description, else "Outgos: description → categories". */
export function ruleTitle(rule: RuleDoc, t: (key: string) => string): string {
  return rule.description?.trim() || `${t(`mappings.targets.${rule.target}`)}: ${t(`mappings.fields.${rule.field_to_change}`)}`;
}

/** The mapping rules (spec §2 mappings index): order, name, target, "when … then …", active; cards on a phone. */
export default function MappingsListPage() {
  const { t } = useTranslation('finance');
  const { accountId } = useRoute();
  const phone = usePhone();
  const rules = useRules(accountId);
  const sorted = useMemo(() => (rules.data ? sortRules(rules.data) : undefined), [rules.data]);
  const query = { ...rules, data: sorted };
  const active = (r: RuleDoc) => (
    <Badge size="sm" variant="light" color={r.active === false ? 'gray' : 'green'} tt="none">
      {t(r.active === false ? 'status.inactive' : 'mappings.active')}
    </Badge>
  );
  const title = (r: RuleDoc) => (
    <Anchor component={Link} to={accountPath(accountId, 'mappings', r._id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
      {ruleTitle(r, t)}
    </Anchor>
  );
  return (
    <Stack>
      <PageHeader
        title={t('entities.mappings.many')}
        actions={
          <Button component={Link} to={accountPath(accountId, 'mappings', 'new')} size="xs">
            {t('common.new')}
          </Button>
        }
      />
      <Text size="sm" c="dimmed">
        {t('mappings.intro')}
      </Text>
      <QueryList query={query} empty={t('mappings.empty')}>
        {(rows) =>
          phone ? (
            <Stack gap="xs" data-testid="rule-cards">
              {rows.map((r) => (
                <Paper key={r._id} withBorder radius="md" p="sm" data-testid="rule-row">
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    {title(r)}
                    {active(r)}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t(`mappings.targets.${r.target}`)}
                    {typeof r.order === 'number' ? ` · ${t('mappings.order')} ${r.order}` : ''}
                  </Text>
                  <RuleText rule={r} />
                </Paper>
              ))}
            </Stack>
          ) : (
            <Paper withBorder radius="md" p="xs">
              <Table striped highlightOnHover verticalSpacing="xs" data-testid="rule-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={70}>{t('mappings.order')}</Table.Th>
                    <Table.Th>{t('mappings.name')}</Table.Th>
                    <Table.Th>{t('mappings.target')}</Table.Th>
                    <Table.Th>{t('mappings.rule')}</Table.Th>
                    <Table.Th>{t('fields.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r._id} data-testid="rule-row">
                      <Table.Td>{typeof r.order === 'number' ? r.order : t('common.none')}</Table.Td>
                      <Table.Td>{title(r)}</Table.Td>
                      <Table.Td>{t(`mappings.targets.${r.target}`)}</Table.Td>
                      <Table.Td>
                        <RuleText rule={r} />
                      </Table.Td>
                      <Table.Td>{active(r)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )
        }
      </QueryList>
    </Stack>
  );
}
