// Container health check (docker-compose.yml): `node infra/docker/healthcheck.js <service>` asks the service's
// readiness call over NATS (`<prefix>.<service>.health`: subscribed and its database answering), `gateway` asks the
// gateway's GET /_up. Exit 0 when ready. A NATS request reaches one copy of the service's queue group, not
// necessarily this container's: it says the service answers; a copy whose process died is restarted by Docker anyway.
//
// It loads only the `nats` client, not @app/platform: Docker runs it every 10 s in every service's container, and
// loading the whole platform (NestJS, pg, BullMQ…) cost 0.6 s of CPU each time against 0.1 s now (measured in the
// tickets container): 40 % of a core for the 7 checks of a stack, 6 % now; on a machine at load 50 the old check
// passed its 6 s timeout and a healthy copy stayed "starting". It speaks what platform's RpcClient speaks: NestJS's
// NATS packet `{pattern, data, id}` in, `{response | err}` out, JSON.
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
  const { connect, JSONCodec } = require('nats');
  const codec = JSONCodec();
  const subject = `${process.env.APP_PREFIX || 'app'}.${name}.health`;
  connect({ servers: (process.env.NATS_URL || 'nats://127.0.0.1:4222').split(','), name: `healthcheck-${name}`, timeout: 3000, reconnect: false })
    .then((nc) => nc.request(subject, codec.encode({ pattern: subject, data: {}, id: '1' }), { timeout: 3000 }))
    .then((msg) => {
      const reply = codec.decode(msg.data);
      const ready = reply && reply.response;
      if (ready && ready.ok) process.exit(0);
      fail(`not ready: ${JSON.stringify(reply && reply.err !== undefined && reply.err !== null ? reply.err : ready && ready.checks)}`);
    })
    .catch((e) => fail(e && e.message ? e.message : String(e)));
}
