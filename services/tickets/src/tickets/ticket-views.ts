import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { AppError, CallerContext, OPEN_TICKET_STATUSES, TICKET_PRIORITIES, TICKET_STATUSES, ViewReply } from '@app/proto';
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
}
