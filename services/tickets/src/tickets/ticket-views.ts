import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { AppError, BOARD_CARD_FIELDS, BoardCard, BoardColumn, BOARD_DEFAULT_LIMIT, BOARD_MAX_LIMIT, CallerContext, OPEN_TICKET_STATUSES, TICKET_PRIORITIES, TICKET_STATUSES, ViewReply } from '@app/proto';
import { accountDb } from '../common/caller';
import { PG_POOL } from '../common/tokens';
import { TICKETS_SCHEMA } from '../tickets.schema';

// The ticket counters (views `_design/<name>/_view/all`), counted by SQL over the account's live tickets:
// group_level 0 → [{key: null, value: total}]; group_level 1 → one row per priority (high, medium, low) or per status
// (the six, in board order), zeros included.

const BY_PRIORITY = [...TICKET_PRIORITIES].reverse(); // high, medium, low

function groupLevel(params: Record<string, unknown>): 0 | 1 {
  const v = params.group_level ?? (params.group === true || params.group === 'true' ? 1 : 0);
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new AppError('bad_request', 'group_level must be a non-negative integer');
  return n === 0 ? 0 : 1;
}

@Injectable()
export class TicketViews {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  private async counts(db: string, by: 'priority' | 'status', onlyOpen: boolean): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ k: string | null; n: string }>(
      `SELECT body ->> '${by}' AS k, count(*) AS n FROM "${TICKETS_SCHEMA}"."documents"
       WHERE account_id = $1 AND klass = 'Ticket' AND NOT deleted${onlyOpen ? ` AND body ->> 'status' = ANY($2::text[])` : ''}
       GROUP BY 1`,
      onlyOpen ? [db, [...OPEN_TICKET_STATUSES]] : [db],
    );
    return new Map(rows.map((r) => [r.k ?? '', Number(r.n)]));
  }

  private rows(counts: Map<string, number>, keys: readonly string[], params: Record<string, unknown>): ViewReply {
    if (groupLevel(params) === 0) return { rows: [{ key: null, value: [...counts.values()].reduce((a, b) => a + b, 0) }] };
    return { rows: keys.map((key) => ({ key, value: counts.get(key) ?? 0 })) };
  }

  async openByPriority(ctx: CallerContext, params: Record<string, unknown>): Promise<ViewReply> {
    return this.rows(await this.counts(accountDb(ctx), 'priority', true), BY_PRIORITY, params);
  }

  async byPriority(ctx: CallerContext, params: Record<string, unknown>): Promise<ViewReply> {
    return this.rows(await this.counts(accountDb(ctx), 'priority', false), BY_PRIORITY, params);
  }

  async byStatus(ctx: CallerContext, params: Record<string, unknown>): Promise<ViewReply> {
    return this.rows(await this.counts(accountDb(ctx), 'status', false), TICKET_STATUSES, params);
  }

  /**
   * The board in one request: per status the newest `limit` tickets (+1 to tell whether there are more), each column
   * read backwards on the (account, status, number, id) index; only the card fields leave the database.
   */
  async board(ctx: CallerContext, params: Record<string, unknown>): Promise<ViewReply> {
    const limit = boardLimit(params.limit);
    // a named (prepared) statement: planning this query costs about as much as running it
    const { rows } = await this.pool.query<{ status: string } & Record<string, unknown>>({
      name: 'tickets-board',
      text: `SELECT s.status, c.* FROM unnest($2::text[]) WITH ORDINALITY AS s(status, ord)
       CROSS JOIN LATERAL (
         SELECT ${CARD_COLUMNS} FROM "${TICKETS_SCHEMA}"."documents" d
         WHERE d.account_id = $1 AND d.klass = 'Ticket' AND NOT d.deleted AND (d.body #> '{status}') = to_jsonb(s.status)
         ORDER BY (d.body #> '{number}') DESC, d.id DESC LIMIT $3
       ) c ORDER BY s.ord`,
      values: [accountDb(ctx), [...TICKET_STATUSES], limit + 1],
    });
    const columns = new Map<string, BoardCard[]>(TICKET_STATUSES.map((st) => [st, []]));
    for (const r of rows) columns.get(r.status)!.push(cardOf(r));
    return {
      rows: TICKET_STATUSES.map((key) => {
        const cards = columns.get(key)!;
        const column: BoardColumn = { cards: cards.slice(0, limit), more: cards.length > limit };
        return { key, value: column };
      }),
    };
  }
}

// The card fields as columns, one each (the id from the row, the rest from the body), made into objects here: built
// with jsonb_build_object in SQL, a 6×20 board took 0.49 ms to execute instead of 0.17 (docs/benchmarks.md). Text
// (->>) for the string fields, JSON (->) for the others, so a number stays a number.
const NOT_TEXT: ReadonlySet<string> = new Set(['number']);
const CARD_COLUMNS = BOARD_CARD_FIELDS.map((f) => (f === '_id' ? 'd.id AS "_id"' : `d.body ${NOT_TEXT.has(f) ? '->' : '->>'} '${f}' AS "${f}"`)).join(', ');

/** A card from its row: the fields the ticket has (a missing or null one is left out, as the reply type says). */
function cardOf(row: Record<string, unknown>): BoardCard {
  const card: Record<string, unknown> = {};
  for (const f of BOARD_CARD_FIELDS) if (row[f] !== null && row[f] !== undefined) card[f] = row[f];
  return card as BoardCard;
}

function boardLimit(v: unknown): number {
  if (v === undefined) return BOARD_DEFAULT_LIMIT;
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > BOARD_MAX_LIMIT) {
    throw new AppError('bad_request', `limit must be an integer from 1 to ${BOARD_MAX_LIMIT}`);
  }
  return n;
}
