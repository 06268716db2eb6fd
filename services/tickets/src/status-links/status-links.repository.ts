import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { Doc } from '@app/proto';
import { mapPgError } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { TICKETS_SCHEMA } from '../tickets.schema';

// Every statement of the status links (tickets.status_links, one row per ticket; tickets.schema.ts).

const LINKS = `"${TICKETS_SCHEMA}"."status_links"`;
const DOCUMENTS = `"${TICKETS_SCHEMA}"."documents"`;

export interface StatusLinkRow {
  account_id: string;
  ticket_id: string;
  token_hash: string;
  token: string;
  locale: string;
  time_zone: string;
  created_at: Date;
  created_by: string | null;
  revoked_at: Date | null;
}

/** A live link found by its token, with its live ticket. */
export interface FoundLink extends StatusLinkRow {
  ticket: Doc;
}

export interface NewLink {
  accountId: string;
  ticketId: string;
  token: string;
  tokenHash: string;
  locale: string;
  timeZone: string;
  createdBy: string | null;
}

const COLUMNS = 'l.account_id, l.ticket_id, l.token_hash, l.token, l.locale, l.time_zone, l.created_at, l.created_by, l.revoked_at';

@Injectable()
export class StatusLinksRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async ofTicket(accountId: string, ticketId: string): Promise<StatusLinkRow | null> {
    const { rows } = await this.query<StatusLinkRow>(`SELECT ${COLUMNS} FROM ${LINKS} l WHERE l.account_id = $1 AND l.ticket_id = $2`, [accountId, ticketId]);
    return rows[0] ?? null;
  }

  /** Makes the ticket's link unless it has one (revoked or not); answers the ticket's link either way. */
  async ensure(link: NewLink): Promise<StatusLinkRow> {
    await this.query(
      `INSERT INTO ${LINKS} (account_id, ticket_id, token_hash, token, locale, time_zone, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (account_id, ticket_id) DO NOTHING`,
      [link.accountId, link.ticketId, link.tokenHash, link.token, link.locale, link.timeZone, link.createdBy],
    );
    return (await this.ofTicket(link.accountId, link.ticketId))!;
  }

  /** A new token for the ticket (made when it had none): the old token stops at once, a revoke is lifted. */
  async renew(link: NewLink): Promise<StatusLinkRow> {
    const { rows } = await this.query<StatusLinkRow>(
      `INSERT INTO ${LINKS} AS l (account_id, ticket_id, token_hash, token, locale, time_zone, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (account_id, ticket_id) DO UPDATE
         SET token_hash = EXCLUDED.token_hash, token = EXCLUDED.token, locale = EXCLUDED.locale, time_zone = EXCLUDED.time_zone,
             created_at = now(), created_by = EXCLUDED.created_by, revoked_at = NULL, revoked_by = NULL
       RETURNING ${COLUMNS}`,
      [link.accountId, link.ticketId, link.tokenHash, link.token, link.locale, link.timeZone, link.createdBy],
    );
    return rows[0];
  }

  /** Stops the ticket's link (a ticket without one gets a revoked one, so none is made until a renew). */
  async revoke(link: NewLink, by: string | null): Promise<StatusLinkRow> {
    const { rows } = await this.query<StatusLinkRow>(
      `INSERT INTO ${LINKS} AS l (account_id, ticket_id, token_hash, token, locale, time_zone, created_by, revoked_at, revoked_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now(), $8)
       ON CONFLICT (account_id, ticket_id) DO UPDATE SET revoked_at = coalesce(l.revoked_at, now()), revoked_by = coalesce(l.revoked_by, $8)
       RETURNING ${COLUMNS}`,
      [link.accountId, link.ticketId, link.tokenHash, link.token, link.locale, link.timeZone, link.createdBy, by],
    );
    return rows[0];
  }

  /**
   * The link of a token (by its hash) when it is not revoked and its ticket is live, with the ticket: one statement
   * for every case, so an unknown, a revoked token and a deleted ticket cost the same.
   */
  async find(hash: string, tx?: PoolClient): Promise<FoundLink | null> {
    const { rows } = await this.query<FoundLink>(
      `SELECT ${COLUMNS}, d.body AS ticket FROM ${LINKS} l
         JOIN ${DOCUMENTS} d ON d.account_id = l.account_id AND d.id = l.ticket_id AND d.klass = 'Ticket' AND NOT d.deleted
        WHERE l.token_hash = $1 AND l.revoked_at IS NULL`,
      [hash],
      tx,
    );
    return rows[0] ?? null;
  }

  private async query<T extends object = Record<string, unknown>>(text: string, values: unknown[], tx?: PoolClient): Promise<{ rows: T[] }> {
    try {
      return await (tx ?? this.pool).query<T & import('pg').QueryResultRow>(text, values);
    } catch (err) {
      throw mapPgError(err);
    }
  }
}
