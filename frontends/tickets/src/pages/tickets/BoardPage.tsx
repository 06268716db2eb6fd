import type { BoardCard, BoardColumn, TicketStatus } from '@app/proto';
import { ActionIcon, Anchor, Badge, Box, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { usePhone } from '@app/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BoardSwitcher } from '../../components/BoardSwitcher';
import { PriorityBadge } from '../../components/TicketBadges';
import { invalidateAfterWrite } from '../../hooks/invalidate';
import { docs } from '../../lib/api';
import { STATUS_COLOR, STATUSES } from '../../lib/tickets';
import { accountPath, useRoute } from '../../routing';
import { changeStatus } from './ticket-data';
import { ErrorBanner, PageHeader } from '@app/module-kit';

// a column shows its 20 newest tickets ("20+" when there are more; search lists them all): one small request per board
export const BOARD_LIMIT = 20;
type Board = Record<TicketStatus, BoardColumn>;
const boardKey = (accountId: string) => ['tickets', 'board', accountId] as const;

/** The whole board in one request (the `ticket-board` view): per status the newest cards and whether there are more. */
function useBoard(accountId: string) {
  return useQuery({
    queryKey: boardKey(accountId),
    queryFn: async () => {
      const rows = await docs.view(accountId, 'ticket-board', { limit: BOARD_LIMIT });
      const board = Object.fromEntries(STATUSES.map((s) => [s, { cards: [], more: false }])) as unknown as Board;
      for (const row of rows) if (STATUSES.includes(row.key)) board[row.key] = row.value;
      return board;
    },
  });
}

/** The board with `ticket` moved from one column to another (newest number first). */
function moved(board: Board | undefined, ticket: BoardCard, from: TicketStatus, to: TicketStatus): Board | undefined {
  if (!board) return board;
  const without = (cards: BoardCard[]) => cards.filter((c) => c._id !== ticket._id);
  return {
    ...board,
    [from]: { ...board[from], cards: without(board[from].cards) },
    [to]: { ...board[to], cards: [...without(board[to].cards), { ...ticket, status: to }].sort((a, b) => (b.number ?? 0) - (a.number ?? 0)) },
  };
}

/** A column's count as shown: "20+" when it has more than its cards. */
const countLabel = (column: BoardColumn | undefined) => (column?.more ? `${column.cards.length}+` : String(column?.cards.length ?? 0));

/**
 * The ticket board (kanban): six status columns; dragging a card (native HTML5 drag and drop) onto another column calls
 * the status handler and moves the card at once, back again if the call fails. On a phone one column at a time, picked
 * with a switcher that opens on the first column with cards; cards move there through their "Move to" menu.
 */
export default function BoardPage() {
  const { t } = useTranslation('tickets');
  const { accountId } = useRoute();
  const queryClient = useQueryClient();
  const dragged = useRef<{ ticket: BoardCard; from: TicketStatus } | null>(null);
  const [over, setOver] = useState<TicketStatus | null>(null);
  const board = useBoard(accountId);
  const phone = usePhone();
  const [picked, setPicked] = useState<TicketStatus | null>(null);
  const shown = picked ?? STATUSES.find((s) => (board.data?.[s].cards.length ?? 0) > 0) ?? STATUSES[0];
  const move = useMutation({
    mutationFn: ({ ticket, to }: { ticket: BoardCard; from: TicketStatus; to: TicketStatus }) => changeStatus(accountId, ticket._id, to),
    onMutate: async ({ ticket, from, to }) => {
      await queryClient.cancelQueries({ queryKey: boardKey(accountId) });
      queryClient.setQueryData<Board>(boardKey(accountId), (board) => moved(board, ticket, from, to));
    },
    onSettled: () => invalidateAfterWrite(queryClient),
  });
  const drop = (to: TicketStatus) => {
    const d = dragged.current;
    dragged.current = null;
    setOver(null);
    if (!d || d.from === to) return;
    move.mutate({ ticket: d.ticket, from: d.from, to });
  };
  const column = (status: TicketStatus, alone: boolean) => (
    <Column
      key={status}
      status={status}
      alone={alone}
      accountId={accountId}
      column={board.data?.[status]}
      highlighted={over === status}
      onDragStart={(ticket) => (dragged.current = { ticket, from: status })}
      onDragOver={() => setOver(status)}
      onDrop={() => drop(status)}
      onMove={(ticket, to) => {
        if (to === status) return;
        // the phone stays on this column when its last card leaves, rather than jumping to the first non-empty one
        setPicked(status);
        move.mutate({ ticket, from: status, to });
      }}
    />
  );
  return (
    <Stack>
      <PageHeader title={t('nav.ticket-board')} />
      <ErrorBanner error={move.error} />
      {/* a board that could not be read is not a board of empty columns: only the error card, with a retry */}
      {board.error ? (
        <ErrorBanner error={board.error} onRetry={() => void board.refetch()} retrying={board.isFetching} />
      ) : phone ? (
        <Stack gap="sm" data-testid="board">
          <BoardSwitcher
            value={shown}
            counts={Object.fromEntries(STATUSES.map((s) => [s, countLabel(board.data?.[s])])) as Record<TicketStatus, string>}
            onChange={setPicked}
          />
          {column(shown, true)}
        </Stack>
      ) : (
        <Box style={{ overflowX: 'auto' }} pb="xs">
          <Group align="flex-start" wrap="nowrap" gap="sm" data-testid="board">
            {STATUSES.map((status) => column(status, false))}
          </Group>
        </Box>
      )}
    </Stack>
  );
}

function Column({
  status,
  alone,
  accountId,
  column,
  highlighted,
  onDragStart,
  onDragOver,
  onDrop,
  onMove,
}: {
  status: TicketStatus;
  /** the only column on screen (a phone): full width, no minimum height */
  alone: boolean;
  accountId: string;
  column: Board[TicketStatus] | undefined;
  highlighted: boolean;
  onDragStart: (ticket: BoardCard) => void;
  onDragOver: () => void;
  onDrop: () => void;
  /** the same move without dragging (touch screens, keyboard) */
  onMove: (ticket: BoardCard, to: TicketStatus) => void;
}) {
  const { t } = useTranslation('tickets');
  const cards = column?.cards ?? [];
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      miw={alone ? undefined : 180}
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
      style={alone ? undefined : { minHeight: 300, flex: '1 1 0' }}
    >
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h6">
          {t(`status.${status}`)}
        </Title>
        <Badge color={STATUS_COLOR[status]} variant="light" data-testid="column-count">
          {countLabel(column)}
        </Badge>
      </Group>
      <Stack gap="xs">
        {alone && cards.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="empty-column">
            {t('common.empty')}
          </Text>
        )}
        {cards.map((ticket) => (
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
            {ticket.customer_name && (
              <Text size="xs" c="dimmed" truncate="end">
                {ticket.customer_name}
              </Text>
            )}
            <Group gap={4} mt={4} justify="space-between" wrap="nowrap">
              <PriorityBadge priority={ticket.priority} />
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
