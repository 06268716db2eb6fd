// Container health check (docker-compose.yml): `node infra/docker/healthcheck.js <service>` asks the service's
// readiness call over NATS (`<prefix>.<service>.health`: subscribed and its database answering), `gateway` asks the
// gateway's GET /_up. Exit 0 when ready. A NATS request reaches one copy of the service's queue group, not
// necessarily this container's: it says the service answers; a copy whose process died is restarted by Docker anyway.
const name = process.argv[2];
const fail = (why) => {
  console.error(`${name}: ${why}`);
  process.exit(1);
};
setTimeout(() => fail('no answer in 4 s'), 4000).unref();

if (name === 'gateway') {
  const port = Number(process.env.GATEWAY_PORT || 3000);
  require('http')
    .get({ host: '127.0.0.1', port, path: '/_up', timeout: 3000 }, (res) => {
      res.resume();
      if (res.statusCode === 200) process.exit(0);
      fail(`GET /_up answered ${res.statusCode}`);
    })
    .on('error', (e) => fail(e.message));
} else {
  const { RpcClient } = require('@app/platform');
  const rpc = new RpcClient(process.env.NATS_URL || 'nats://127.0.0.1:4222', 3000);
  rpc
    .call(`${name}.health`, {}, { timeoutMs: 3000 })
    .then((reply) => (reply && reply.ok ? process.exit(0) : fail(`not ready: ${JSON.stringify(reply && reply.checks)}`)))
    .catch((e) => fail(e && e.message ? e.message : String(e)));
}
