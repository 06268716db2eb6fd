import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../common/tokens';
import { TICKETS_SCHEMA } from '../tickets.schema';
import type { ClosedTicket, OpenedCounts, ReportParams } from './reports.rules';

// The reports' SQL over the account's live tickets. The range is [from 00:00, to + 1 day 00:00) in the report's time
// zone; weeks are ISO weeks (date_trunc('week') starts on Monday) of the local time. Every statement runs under the
// services' statement_timeout (PG_STATEMENT_TIMEOUT_MS).

const DOCUMENTS = `"${TICKETS_SCHEMA}"."documents"`;

// the range's bounds as instants: $2 from, $3 to (dates), $4 the time zone
const RANGE_START = `(($2::date)::timestamp AT TIME ZONE $4)`;
const RANGE_END = `((($3::date) + 1)::timestamp AT TIME ZONE $4)`;

// When a finished ticket reached its current status: the latest such entry of its status_events (the service writes
// them as ISO instants; one that is not is ignored), else its last write (tickets written before status_events).
const FINISHED_AT = `COALESCE(
  (SELECT max((e ->> 'at')::timestamptz) FROM jsonb_array_elements(
     CASE WHEN jsonb_typeof(d.body -> 'status_events') = 'array' THEN d.body -> 'status_events' ELSE '[]'::jsonb END) e
   WHERE e ->> 'status' = d.body ->> 'status' AND e ->> 'at' ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$'),
  d.updated_at)`;

@Injectable()
export class ReportsRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /**
   * Tickets created in the range, counted per week (its Monday) and per technician, category and customer in one
   * scan (grouping sets); a ticket without one counts under null.
   */
  async opened(db: string, p: ReportParams): Promise<OpenedCounts> {
    const { rows } = await this.pool.query<{ week: string | null; technical_id: string | null; category_id: string | null; customer_id: string | null; g: number; n: string }>(
      `SELECT week, technical_id, category_id, customer_id, GROUPING(week, technical_id, category_id, customer_id) AS g, count(*) AS n
       FROM (
         SELECT to_char(date_trunc('week', d.created_at AT TIME ZONE $4), 'YYYY-MM-DD') AS week,
                nullif(d.body ->> 'technical_id', '') AS technical_id,
                nullif(d.body ->> 'category_id', '') AS category_id,
                nullif(d.body ->> 'customer_id', '') AS customer_id
         FROM ${DOCUMENTS} d
         WHERE d.account_id = $1 AND d.klass = 'Ticket' AND NOT d.deleted AND d.created_at >= ${RANGE_START} AND d.created_at < ${RANGE_END}
       ) t
       GROUP BY GROUPING SETS ((week), (technical_id), (category_id), (customer_id))`,
      [db, p.from, p.to, p.tz],
    );
    const out: OpenedCounts = { week: new Map(), technical_id: new Map(), category_id: new Map(), customer_id: new Map() };
    // GROUPING(week, technical_id, category_id, customer_id) has a bit set for each column not grouped by: 0b0111 = by week only, and so on
    for (const r of rows) {
      const n = Number(r.n);
      if (r.g === 0b0111) out.week.set(r.week!, n);
      else if (r.g === 0b1011) out.technical_id.set(r.technical_id, n);
      else if (r.g === 0b1101) out.category_id.set(r.category_id, n);
      else if (r.g === 0b1110) out.customer_id.set(r.customer_id, n);
    }
    return out;
  }

  /**
   * Tickets whose status is done or cancel and became so in the range: what the durations and the done counts are
   * made of, at most `limit` of them (the caller asks for one more to tell whether there are more). A ticket's last
   * write comes after it was finished, so `updated_at >= from` narrows the scan before status_events are read.
   */
  async closed(db: string, p: ReportParams, limit: number): Promise<ClosedTicket[]> {
    const { rows } = await this.pool.query<ClosedTicket>(
      // MATERIALIZED: inlined, the planner copied FINISHED_AT into each place that reads it (4 evaluations a row)
      `WITH c AS MATERIALIZED (
         SELECT d.body ->> 'status' AS status, d.created_at,
                nullif(d.body ->> 'technical_id', '') AS technical_id,
                nullif(d.body ->> 'category_id', '') AS category_id,
                nullif(d.body ->> 'customer_id', '') AS customer_id,
                ${FINISHED_AT} AS finished_at
         FROM ${DOCUMENTS} d
         WHERE d.account_id = $1 AND d.klass = 'Ticket' AND NOT d.deleted AND d.body ->> 'status' IN ('done', 'cancel')
           AND d.updated_at >= ${RANGE_START} AND d.created_at IS NOT NULL
       )
       SELECT c.status, to_char(date_trunc('week', c.finished_at AT TIME ZONE $4), 'YYYY-MM-DD') AS week_start,
              c.technical_id, c.category_id, c.customer_id,
              extract(epoch FROM c.finished_at - c.created_at)::float8 / 3600 AS hours
       FROM c
       WHERE c.finished_at >= ${RANGE_START} AND c.finished_at < ${RANGE_END}
       LIMIT $5`,
      [db, p.from, p.to, p.tz, limit],
    );
    return rows;
  }

  /** The names of the account's categories and customers among `ids` (deleted ones too: old tickets still name them). */
  async names(db: string, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const { rows } = await this.pool.query<{ id: string; name: string | null }>(
      `SELECT d.id, d.body ->> 'name' AS name FROM ${DOCUMENTS} d
       WHERE d.account_id = $1 AND d.id = ANY($2::text[]) AND d.klass IN ('Category', 'Customer')`,
      [db, ids],
    );
    return new Map(rows.filter((r) => r.name).map((r) => [r.id, r.name!]));
  }
}
