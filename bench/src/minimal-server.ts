// The floor of a list or a search (bench/find, bench/csv-import, bench/notes, bench/reader-items): one process, one
// HTTP server, one pg pool with the services' session setting, running exactly the SQL the product runs for the same
// request — no gateway, no NATS, no sessions. Its throughput and latency are what the product's hops and framework
// are compared with.
//
// - any POST: a `_find` body, answered by floor-find.ts (the document store's own `buildFindSql` over TABLE for the
//   account DB and the klasses KLASSES the owning service passes, `{docs}` with the body's `fields` applied by the
//   store's own `projectFields`, so both sides send the same bytes);
// - GET /_design/notes/_view/search?q=…&limit=… (when NOTES_DIST names the notes service's build): the notes service's
//   own search view (its repository's SQL and its snippets, services/notes/src/search) over this process's pool.
import http from 'node:http';
import path from 'node:path';
import type { Pool } from 'pg';
import { NOTES_DESIGN, NOTES_VIEWS } from '@app/proto';
import { floorFind, floorPool } from './floor-find';

const { PORT, DB, NOTES_DIST } = process.env;
const pool = floorPool();
const findJson = floorFind(pool);
const SEARCH_PATH = `/_design/${NOTES_DESIGN}/_view/${NOTES_VIEWS.search}`;

type View = (ctx: { user_id: string; db: string }, params: Record<string, unknown>) => Promise<unknown>;

/** The notes service's search view as its module builds it, on this process's pool. */
async function notesSearch(dist: string): Promise<View> {
  const { SearchRepository } = (await import(path.join(dist, 'search/search.repository.js'))) as { SearchRepository: new (pool: Pool) => unknown };
  const { NotesSearch } = (await import(path.join(dist, 'search/notes-search.js'))) as { NotesSearch: new (repo: unknown) => { views(): Record<string, View> } };
  return new NotesSearch(new SearchRepository(pool)).views()[`${NOTES_DESIGN}/${NOTES_VIEWS.search}`];
}

async function find(body: string, res: http.ServerResponse): Promise<void> {
  const json = await findJson(body);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(json);
}

/** A view's parameters as the gateway passes them: each JSON-decoded when it parses (`q="word"`, `limit=20`). */
function viewParams(search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of search) {
    try {
      out[k] = JSON.parse(v);
    } catch {
      out[k] = v;
    }
  }
  return out;
}

async function main(): Promise<void> {
  const search = NOTES_DIST ? await notesSearch(NOTES_DIST) : undefined;
  http
    .createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const answer = async () => {
          if (req.method === 'GET' && search && url.pathname === SEARCH_PATH) {
            const reply = await search({ user_id: 'bench', db: DB! }, viewParams(url.searchParams));
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify(reply));
          } else await find(Buffer.concat(chunks).toString(), res);
        };
        answer().catch((e: unknown) => {
          if (!res.headersSent) res.writeHead(req.method === 'POST' ? 500 : 400);
          res.end(String(e));
        });
      });
    })
    .listen(Number(PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
}

// ended by the bench with SIGTERM: exit normally, so PROFILE's CPU profile is written
process.on('SIGTERM', () => process.exit(0));

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
