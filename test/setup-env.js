// Runs before each test file: the worker's names from the run's base (global-setup.js) go into process.env.
const run = process.env.TEST_RUN_BASE;
if (run) {
  const worker = Math.min(Number(process.env.JEST_WORKER_ID || 1), Number(process.env.TEST_WORKERS || 1));
  const id = `${run}w${worker}`;
  process.env.TEST_RUN_ID = id;
  process.env.APP_PREFIX = id;
  process.env.DATABASE_URL = process.env.PG_ADMIN_URL_RESOLVED.replace(/\/[^/]*$/, `/sd_test_${id}`);
}
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL = process.env.LOG_LEVEL || 'error';
