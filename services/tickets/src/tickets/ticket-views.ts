import { TICKET_VIEW_NAME, TICKET_VIEWS } from '@app/proto';
import type { ViewHandler } from '@app/platform';
import { accountDb } from '../common/caller';
import { boardLimit, boardRows, counterRows, CounterKeys, groupLevel, PRIORITY_COUNTER_KEYS, STATUS_COUNTER_KEYS } from './ticket-views.rules';
import { TicketsRepository } from './tickets.repository';

// The ticket views (`GET /{account_id}/_design/<view>/_view/all`): parameters and rows by the rules, counts and cards
// by the repository.

export function ticketViews(repo: TicketsRepository): Record<string, ViewHandler> {
  const path = (view: string) => `${view}/${TICKET_VIEW_NAME}`;
  // parameters are checked before the query
  const counter = (by: 'priority' | 'status', onlyOpen: boolean, keys: CounterKeys): ViewHandler => async (ctx, params) => {
    const db = accountDb(ctx);
    const level = groupLevel(params);
    return counterRows(await repo.countBy(db, by, onlyOpen), keys, level);
  };
  return {
    [path(TICKET_VIEWS.openByPriority)]: counter('priority', true, PRIORITY_COUNTER_KEYS),
    [path(TICKET_VIEWS.byPriority)]: counter('priority', false, PRIORITY_COUNTER_KEYS),
    [path(TICKET_VIEWS.byStatus)]: counter('status', false, STATUS_COUNTER_KEYS),
    // the board in one request: per status the newest `limit` tickets (+1 tells whether a column has more)
    [path(TICKET_VIEWS.board)]: async (ctx, params) => {
      const db = accountDb(ctx);
      const limit = boardLimit(params.limit);
      return boardRows(await repo.boardCards(db, limit + 1), limit);
    },
  };
}
