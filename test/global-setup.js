// A test run gets its own names: a Postgres database, a NATS subject prefix, Redis key and queue prefixes.
// The env set here reaches every test file (setup-env.js reads it), and global-teardown.js removes it all.
const { Client } = require('pg');
const { randomBytes } = require('crypto');

module.exports = async function globalSetup() {
  const run = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const admin = process.env.PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const db = `sd_test_${run}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${db} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  await client.end();
  process.env.TEST_RUN_ID = run;
  process.env.APP_PREFIX = run;
  process.env.DATABASE_URL = admin.replace(/\/[^/]*$/, `/${db}`);
  process.env.NODE_ENV = 'test';
};
