const { Client } = require('pg');

module.exports = async function globalTeardown() {
  const run = process.env.TEST_RUN_BASE;
  if (!run) return;
  const admin = process.env.PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new Client({ connectionString: admin });
  await client.connect();
  const { rows } = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`sd_test_${run}w%`]);
  for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  await client.end();
  // Redis keys and the JetStream stream of this run.
  try {
    const Redis = require('ioredis');
    const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${run}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
    await redis.quit();
  } catch (e) {
    console.warn('redis cleanup failed', e.message);
  }
  try {
    const { connect } = require('nats');
    const nc = await connect({ servers: process.env.NATS_URL || 'nats://127.0.0.1:4222' });
    const jsm = await nc.jetstreamManager();
    for await (const s of jsm.streams.list()) {
      if (s.config.name.startsWith(run)) await jsm.streams.delete(s.config.name);
    }
    await nc.close();
  } catch (e) {
    console.warn('nats cleanup failed', e.message);
  }
};
