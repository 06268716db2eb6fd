// `node infra/redis-persistence.js <redis url>`: after `make up` (infra/up.sh), the lines to print when the Redis in
// use keeps nothing on disk or would not say (nothing when it keeps an append-only file or snapshots). The settings
// are read as the gateway's GET /_up reads them (services/platform/src/redis/redis-persistence.ts, built by make up).
'use strict';
const path = require('path');
const Redis = require('ioredis');
const { readRedisPersistence } = require(path.join(__dirname, '..', 'services', 'platform', 'dist', 'redis', 'redis-persistence.js'));

const url = process.argv[2] || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000, retryStrategy: () => null });
redis.on('error', () => undefined); // the failed command says it

readRedisPersistence(redis)
  .then((p) => {
    const shown = url.replace(/\/\/[^@/]*@/, '//');
    if (p.persistence === 'none') {
      console.log(`  Redis      ${shown} KEEPS NOTHING ON DISK (appendonly no, no save): a Redis restart signs every user out`);
      console.log(`             and drops every queued job (mail, feed fetches, imports, backups). docs/running.md, "Redis persistence"`);
    } else if (p.persistence === 'unknown') {
      console.log(`  Redis      ${shown}: could not tell whether it keeps its data on disk (CONFIG GET refused or failed).`);
      console.log(`             Without persistence a Redis restart signs every user out and drops queued jobs. docs/running.md`);
    }
  })
  .finally(() => redis.disconnect());
