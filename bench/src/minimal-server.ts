// The baseline of bench/find: one process, one HTTP server, one pg pool, running exactly the SQL the document
// store builds for the same `_find` body — no gateway, no NATS, no sessions. Its throughput is what the product's
// extra hops are compared with.
import http from 'node:http';
import { Pool } from 'pg';
import { buildFindSql } from '@app/platform';

const { DATABASE_URL, PORT, DB, TABLE, KLASSES, POOL_SIZE } = process.env;
const pool = new Pool({ connectionString: DATABASE_URL, max: Number(POOL_SIZE || 10) });
const klasses = KLASSES!.split(',');

http
  .createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      try {
        const sql = buildFindSql({ table: TABLE!, db: DB!, query: JSON.parse(Buffer.concat(chunks).toString()), klasses });
        const { rows } = await pool.query(sql.text, sql.values);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ docs: rows.map((r) => r.body) }));
      } catch (e) {
        res.writeHead(req.method === "POST" ? 500 : 400);
        res.end(String(e));
      }
    });
  })
  .listen(Number(PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
