import { Anchor, Button, Paper, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FieldValue, useLabelsFor } from '../../components/fields';
import { docs } from '../../lib/api';
import { accountPath, useRoute } from '../../routing';
import type { EntityDef } from './entities';
import { QueryList, PageHeader, Pager } from '@app/module-kit';

export const PAGE_SIZE = 25;

/** The index of a record kind: its list columns, newest or by name, 25 a page, a New button. */
export function RecordListPage({ def }: { def: EntityDef }) {
  const { t } = useTranslation('tickets');
  const { accountId } = useRoute();
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: ['tickets', 'list', accountId, def.klass, page],
    queryFn: () => docs.findAny(accountId, { selector: { klass: def.klass }, sort: def.sort, limit: PAGE_SIZE, skip: page * PAGE_SIZE }),
  });
  const columns = def.fields.filter((f) => f.list);
  const labels = useLabelsFor(columns, accountId);
  return (
    <Stack>
      <PageHeader
        title={t(`entities.${def.segment}.many`)}
        actions={
          <Button component={Link} to={accountPath(accountId, def.segment, 'new')} size="xs">
            {t('common.new')}
          </Button>
        }
      />
      <Paper withBorder radius="md" p="xs">
        <QueryList query={list}>
          {(rows) => (
            <Table.ScrollContainer minWidth={480}>
              <Table striped highlightOnHover data-testid={`list-${def.segment}`}>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((c) => (
                      <Table.Th key={c.name}>{t(`fields.${c.name}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((doc) => (
                    <Table.Tr key={doc._id}>
                      {columns.map((c, i) => (
                        <Table.Td key={c.name}>
                          {i === 0 ? (
                            <Anchor component={Link} to={accountPath(accountId, def.segment, doc._id)}>
                              {c.kind === 'ref' ? labels[String(doc[c.name])] ?? String(doc[c.name] ?? '—') : c.name === 'number' ? `#${doc.number}` : String(doc[c.name] ?? '—')}
                            </Anchor>
                          ) : (
                            <FieldValue field={c} value={doc[c.name]} accountId={accountId} refLabels={labels} />
                          )}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryList>
      </Paper>
      <Pager page={page} pageSize={PAGE_SIZE} count={list.data?.length ?? 0} onPage={setPage} />
    </Stack>
  );
}
