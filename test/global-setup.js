// A test run gets its own names: a Postgres database, a NATS subject prefix, Redis key and queue prefixes.
// Each jest worker gets its own set (database `sd_test_<run>w<worker>`, prefix `<run>w<worker>`): files that run at
// the same time in two workers never share a schema migration, a table sweep or a NATS subject. The env set here
// reaches every test file (setup-env.js picks the worker's names), and global-teardown.js removes it all.
const { Client } = require('pg');
const { randomBytes } = require('crypto');

module.exports = async function globalSetup(globalConfig) {
  const run = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const admin = process.env.PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const workers = Math.max(1, globalConfig.maxWorkers || 1);
  const client = new Client({ connectionString: admin });
  await client.connect();
  for (let w = 1; w <= workers; w++) {
    await client.query(`CREATE DATABASE sd_test_${run}w${w} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  }
  await client.end();
  process.env.TEST_RUN_BASE = run;
  process.env.TEST_WORKERS = String(workers);
  process.env.PG_ADMIN_URL_RESOLVED = admin;
  process.env.NODE_ENV = 'test';
};
