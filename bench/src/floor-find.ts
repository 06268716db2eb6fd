// The `_find` both floors run — minimal-server.ts in one process, lean-chain.ts's service behind NATS: the store's own
// SQL (`buildFindSql`) for the account DB, table and klasses of the environment (DB, TABLE, KLASSES), on a pool with the
// services' planner setting, the documents projected as the product projects them. One module, so the two floors send
// the same bytes for the same body.
import { Pool } from 'pg';
import { buildFindSql, projectFields } from '@app/platform';

/** A pool like the services' (platform service-providers.ts): their plans need their random_page_cost. */
export function floorPool(): Pool {
  const { DATABASE_URL, POOL_SIZE, PG_RANDOM_PAGE_COST } = process.env;
  return new Pool({ connectionString: DATABASE_URL, max: Number(POOL_SIZE || 10), options: `-c random_page_cost=${Number(PG_RANDOM_PAGE_COST || 1.1)}` });
}

/** Answers a `_find` body (JSON text) with the reply's JSON text, `{docs}`. */
export function floorFind(pool: Pool): (body: string) => Promise<string> {
  const { DB, TABLE, KLASSES } = process.env;
  const klasses = KLASSES!.split(',');
  return async (body) => {
    const sql = buildFindSql({ table: TABLE!, db: DB!, query: JSON.parse(body), klasses });
    const { rows } = await pool.query<{ body: Record<string, unknown> }>(sql.text, sql.values);
    return JSON.stringify({ docs: rows.map((r) => projectFields(r.body, sql.fields)) });
  };
}
