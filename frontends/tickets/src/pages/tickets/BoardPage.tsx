import { ActionIcon, Anchor, Badge, Box, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PriorityBadge } from '../../components/TicketBadges';
import { invalidateAfterWrite } from '../../hooks/invalidate';
import { docs } from '../../lib/api';
import { STATUS_COLOR, STATUSES, type Status, type Ticket } from '../../lib/tickets';
import { accountPath, useRoute } from '../../routing';
import { changeStatus } from './ticket-data';

export const BOARD_LIMIT = 50;
const columnKey = (accountId: string, status: Status) => ['tickets', 'board', accountId, status] as const;

/** One status column: `_find` by status, newest number first, 50 cards. */
function useColumn(accountId: string, status: Status) {
  return useQuery({
    queryKey: columnKey(accountId, status),
    queryFn: () => docs.find<Ticket>(accountId, { selector: { klass: 'Ticket', status }, sort: [{ number: 'desc' }], limit: BOARD_LIMIT }),
  });
}

/**
 * The ticket board (kanban): six status columns; dragging a card (native HTML5 drag and drop) onto another column calls
 * the status handler and moves the card at once, back again if the call fails.
 */
export default function BoardPage() {
  const { t } = useTranslation('tickets');
  const { accountId } = useRoute();
  const queryClient = useQueryClient();
  const dragged = useRef<{ ticket: Ticket; from: Status } | null>(null);
  const [over, setOver] = useState<Status | null>(null);
  const move = useMutation({
    mutationFn: ({ ticket, to }: { ticket: Ticket; from: Status; to: Status }) => changeStatus(accountId, ticket._id, to),
    onMutate: ({ ticket, from, to }) => {
      queryClient.setQueryData<Ticket[]>(columnKey(accountId, from), (cards) => cards?.filter((c) => c._id !== ticket._id));
      queryClient.setQueryData<Ticket[]>(columnKey(accountId, to), (cards) =>
        [...(cards ?? []).filter((c) => c._id !== ticket._id), { ...ticket, status: to }].sort((a, b) => (b.number ?? 0) - (a.number ?? 0)),
      );
    },
    onSettled: () => invalidateAfterWrite(queryClient),
  });
  const drop = (to: Status) => {
    const d = dragged.current;
    dragged.current = null;
    setOver(null);
    if (!d || d.from === to) return;
    move.mutate({ ticket: d.ticket, from: d.from, to });
  };
  return (
    <Stack>
      <PageHeader title={t('nav.ticket-board')} />
      <ErrorBanner error={move.error} />
      <Box style={{ overflowX: 'auto' }} pb="xs">
        <Group align="flex-start" wrap="nowrap" gap="sm" data-testid="board">
          {STATUSES.map((status) => (
            <Column
              key={status}
              status={status}
              accountId={accountId}
              highlighted={over === status}
              onDragStart={(ticket) => (dragged.current = { ticket, from: status })}
              onDragOver={() => setOver(status)}
              onDrop={() => drop(status)}
              onMove={(ticket, to) => to !== status && move.mutate({ ticket, from: status, to })}
            />
          ))}
        </Group>
      </Box>
    </Stack>
  );
}

function Column({
  status,
  accountId,
  highlighted,
  onDragStart,
  onDragOver,
  onDrop,
  onMove,
}: {
  status: Status;
  accountId: string;
  highlighted: boolean;
  onDragStart: (ticket: Ticket) => void;
  onDragOver: () => void;
  onDrop: () => void;
  /** the same move without dragging (touch screens, keyboard) */
  onMove: (ticket: Ticket, to: Status) => void;
}) {
  const { t } = useTranslation('tickets');
  const cards = useColumn(accountId, status);
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      w={230}
      miw={230}
      bg={highlighted ? 'var(--mantine-color-blue-light)' : undefined}
      data-testid={`board-column-${status}`}
      onDragOver={(e: React.DragEvent) => {
        e.preventDefault();
        if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
        onDragOver();
      }}
      onDrop={(e: React.DragEvent) => {
        e.preventDefault();
        onDrop();
      }}
      style={{ minHeight: 300 }}
    >
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h6">
          {t(`status.${status}`)}
        </Title>
        <Badge color={STATUS_COLOR[status]} variant="light" data-testid="column-count">
          {cards.data?.length ?? 0}
        </Badge>
      </Group>
      <ErrorBanner error={cards.error} />
      <Stack gap="xs">
        {(cards.data ?? []).map((ticket) => (
          <Paper
            key={ticket._id}
            withBorder
            radius="sm"
            p="xs"
            draggable
            data-testid={`board-card-${ticket.number}`}
            onDragStart={(e: React.DragEvent) => {
              if (e.dataTransfer) {
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', ticket._id);
              }
              onDragStart(ticket);
            }}
            style={{ cursor: 'grab' }}
          >
            <Anchor component={Link} to={accountPath(accountId, 'tickets', ticket._id)} size="sm" fw={600} draggable={false}>
              #{ticket.number} {ticket.title}
            </Anchor>
            <Group gap={4} mt={4} justify="space-between" wrap="nowrap">
              <PriorityBadge priority={ticket.priority} />
              {ticket.customer_name && (
                <Text size="xs" c="dimmed" truncate="end" maw={90}>
                  {ticket.customer_name}
                </Text>
              )}
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon size="sm" variant="subtle" aria-label={t('board.move')} data-testid={`card-move-${ticket.number}`}>
                    ⋯
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{t('board.move')}</Menu.Label>
                  {STATUSES.filter((s) => s !== status).map((s) => (
                    <Menu.Item key={s} onClick={() => onMove(ticket, s)}>
                      {t(`status.${s}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}
