import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { BOARD_CARD_FIELDS, OPEN_TICKET_STATUSES, TICKET_STATUSES } from '@app/proto';
import { PG_POOL } from '../common/tokens';
import { TICKETS_SCHEMA } from '../tickets.schema';

// The ticket views' SQL over the account's live tickets (the rest of the tickets' reads and writes go through the
// platform's DocumentStore).

const DOCUMENTS = `"${TICKETS_SCHEMA}"."documents"`;

// The card fields as columns, one each (the id from the row, the rest from the body), made into objects by the
// rules: built with jsonb_build_object in SQL, a 6×20 board took 0.49 ms to execute instead of 0.17
// (docs/benchmarks.md). Text (->>) for the string fields, JSON (->) for the others, so a number stays a number.
const NOT_TEXT: ReadonlySet<string> = new Set(['number']);
const CARD_COLUMNS = BOARD_CARD_FIELDS.map((f) => (f === '_id' ? 'd.id AS "_id"' : `d.body ${NOT_TEXT.has(f) ? '->' : '->>'} '${f}' AS "${f}"`)).join(', ');

@Injectable()
export class TicketsRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** The account's live tickets counted by priority or status (open ones only, or all); a missing value counts as ''. */
  async countBy(db: string, by: 'priority' | 'status', onlyOpen: boolean): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ k: string | null; n: string }>(
      `SELECT body ->> '${by}' AS k, count(*) AS n FROM ${DOCUMENTS}
       WHERE account_id = $1 AND klass = 'Ticket' AND NOT deleted${onlyOpen ? ` AND body ->> 'status' = ANY($2::text[])` : ''}
       GROUP BY 1`,
      onlyOpen ? [db, [...OPEN_TICKET_STATUSES]] : [db],
    );
    return new Map(rows.map((r) => [r.k ?? '', Number(r.n)]));
  }

  /**
   * Per status (board order) the newest `perStatus` tickets' card fields, each column read backwards on the
   * (account, status, number, id) index; only the card fields leave the database.
   */
  async boardCards(db: string, perStatus: number): Promise<Array<{ status: string } & Record<string, unknown>>> {
    // a named (prepared) statement: planning this query costs about as much as running it
    const { rows } = await this.pool.query<{ status: string } & Record<string, unknown>>({
      name: 'tickets-board',
      text: `SELECT s.status, c.* FROM unnest($2::text[]) WITH ORDINALITY AS s(status, ord)
       CROSS JOIN LATERAL (
         SELECT ${CARD_COLUMNS} FROM ${DOCUMENTS} d
         WHERE d.account_id = $1 AND d.klass = 'Ticket' AND NOT d.deleted AND (d.body #> '{status}') = to_jsonb(s.status)
         ORDER BY (d.body #> '{number}') DESC, d.id DESC LIMIT $3
       ) c ORDER BY s.ord`,
      values: [db, [...TICKET_STATUSES], perStatus],
    });
    return rows;
  }
}
