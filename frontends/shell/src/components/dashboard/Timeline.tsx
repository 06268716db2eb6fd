import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChangeResult } from '@app/proto';
import { recordPath } from '@app/ui/src/rules/record-path';
import { recordLabel, type PersonNames, type TimelineRow } from '@app/ui/src/rules/timeline-rows';
import { formatDateTime } from '../../pages/account/format-date';

/**
 * The recent-changes timeline (spec §2): action, kind of record (translated), the record's label linking to it (or
 * its id, unlinked, once deleted) with "by <who did it>" under it, and the updated time; a run of settings changes is
 * one "settings changed" row that links to the admin page, by the newest change's author. A membership's row names
 * the person (`people`: the group's memberships by id), never by the address the feed labels it with. Below the sm
 * breakpoint the kind moves under the action and the time wraps, so a phone needs no sideways scroll.
 */
export function Timeline({ accountId, rows, people }: { accountId: string; rows: TimelineRow[]; people?: ReadonlyMap<string, PersonNames> }) {
  const { t, i18n } = useTranslation();
  const kindOf = (c: ChangeResult) => t(`klass.${c.klass}`, { defaultValue: c.klass });
  const byline = (name: string) => t('dashboard.timeline.by', { name });
  return (
    <Table striped layout="fixed" verticalSpacing={6} horizontalSpacing="xs" data-testid="timeline">
      <Table.Tbody>
        {rows.map((row) => {
          const c = row.change;
          const deleted = !!c.deleted || !c.doc;
          const settings = row.kind === 'settings';
          const action = settings ? t('dashboard.timeline.settings_changed') : t(`account.action.${c.action}`, { defaultValue: c.action });
          const kind = settings ? '' : kindOf(c);
          const label = settings ? t('dashboard.timeline.settings_changed_count', { count: row.count }) : recordLabel(c, people);
          // a deleted record has no page; the settings row opens the admin page
          const to = settings ? recordPath(accountId, 'AccountConfiguration', c.id) : deleted ? undefined : recordPath(accountId, c.klass, c.id);
          return (
            <Table.Tr key={row.key} data-testid="timeline-row" data-kind={row.kind} data-deleted={deleted || undefined}>
              <Table.Td w={{ base: '30%', sm: '18%' }}>
                <Text size="sm">{action}</Text>
                <Text size="xs" c="dimmed" truncate="end" hiddenFrom="sm" title={kind}>
                  {kind}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm" w="20%">
                <Text size="sm" truncate="end" title={kind}>
                  {kind}
                </Text>
              </Table.Td>
              <Table.Td>
                {to ? (
                  <Anchor component={Link} to={to} size="sm" display="block" truncate="end" title={label}>
                    {label}
                  </Anchor>
                ) : (
                  <Text size="sm" truncate="end" title={label}>
                    {label}
                  </Text>
                )}
                {row.actor && (
                  <Text size="xs" c="dimmed" truncate="end" title={byline(row.actor)} data-testid="timeline-actor">
                    {byline(row.actor)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td w={{ base: '30%', sm: '22%' }}>
                <Text size="sm" c="dimmed">
                  {deleted ? '' : formatDateTime(c.doc?.updated_at, i18n.language)}
                </Text>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
