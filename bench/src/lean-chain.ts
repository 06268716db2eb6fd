// The floor of the product's `_find` path: the same hops (HTTP process → NATS → service process → Postgres) with no
// framework, no sessions and no checks at all — raw `http.createServer` publishing to NATS, a raw NATS subscription
// running the same `_find` as minimal-server.ts (floor-find.ts).
// What the product costs above this is framework and features; what this costs above the minimal server is the hops
// themselves on this machine (bench/find, and the raw-chain side of same-sql.ts). ROLE=http or ROLE=service.
import http from 'node:http';
import { connect, createInbox, Msg } from 'nats';
import { batchNatsWrites } from '@app/platform';
import { floorFind, floorPool } from './floor-find';

const { PORT, ROLE, SUBJECT, NATS_URL } = process.env;
const natsUrl = NATS_URL || 'nats://127.0.0.1:4222';
const subject = SUBJECT || 'bench.lean.find';

async function service(): Promise<void> {
  const find = floorFind(floorPool());
  const nc = await connect({ servers: natsUrl });
  batchNatsWrites(nc);
  const answer = async (msg: Msg) => {
    try {
      msg.respond(Buffer.from(await find(Buffer.from(msg.data).toString())));
    } catch (e) {
      msg.respond(Buffer.from(JSON.stringify({ error: String(e) })));
    }
  };
  nc.subscribe(subject, {
    queue: 'lean',
    // the error answer can fail too (the connection closing): logged, the caller times out
    callback: (_err, msg) => void answer(msg).catch((e: unknown) => console.error('answering failed:', e)),
  });
  process.stdout.write('ready\n');
}

async function front(): Promise<void> {
  const nc = await connect({ servers: natsUrl });
  batchNatsWrites(nc);
  const inbox = createInbox();
  const pending = new Map<string, (m: Msg) => void>();
  let next = 0;
  nc.subscribe(`${inbox}.*`, {
    callback: (_err, msg) => {
      const id = msg.subject.slice(inbox.length + 1);
      const done = pending.get(id);
      pending.delete(id);
      done?.(msg);
    },
  });
  http
    .createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const id = String(++next);
        pending.set(id, (msg) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(msg.data);
        });
        nc.publish(subject, Buffer.concat(chunks), { reply: `${inbox}.${id}` });
      });
    })
    .listen(Number(PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
}

// ended by the bench with SIGTERM: exit normally, so PROFILE's CPU profile is written
process.on('SIGTERM', () => process.exit(0));

(ROLE === 'service' ? service() : front()).catch((e) => {
  console.error(e);
  process.exit(1);
});
