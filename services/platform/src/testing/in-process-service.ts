import type { INestMicroservice, Type } from '@nestjs/common';
import { Pool } from 'pg';
import type { ServiceName } from '@app/proto';
import { loadConfig } from '../config/config';
import { MailWorker, startMailWorker } from '../mail';
import { SmtpSink } from '../mail/testing/smtp-sink';
import { createMicroservice } from '../rpc/microservice';
import { RpcClient } from '../rpc/rpc-client';

// Starts one service in-process on the real NATS/Postgres/Redis with an SMTP sink and a mail worker, the way the
// product runs it, and calls it over NATS like the gateway does.
//
// Each spec file gets a prefix of its own (`<run>_<name>`): NATS subjects, queue group, change stream, BullMQ queue.
// The prefix must be set before the service's controllers load (their subjects are fixed when their decorators run),
// which is why the module comes from `load()`, imported lazily, and a spec file must not import it itself.

export interface InProcessService {
  rpc: RpcClient;
  sink: SmtpSink;
  /** for looking at or back-dating stored rows in tests */
  pool: Pool;
  prefix: string;
  publicUrl: string;
  close(): Promise<void>;
}

export async function startInProcess(opts: { name: string; service: ServiceName; load: () => Promise<Type<unknown>>; poolMax?: number }): Promise<InProcessService> {
  const saved = { APP_PREFIX: process.env.APP_PREFIX, SMTP_PORT: process.env.SMTP_PORT, SMTP_HOST: process.env.SMTP_HOST, PUBLIC_URL: process.env.PUBLIC_URL };
  const sink = new SmtpSink();
  const publicUrl = 'http://app.test';
  const prefix = `${process.env.TEST_RUN_ID ?? 'local'}_${opts.name}`;
  process.env.APP_PREFIX = prefix;
  process.env.SMTP_HOST = '127.0.0.1';
  process.env.SMTP_PORT = String(await sink.start());
  process.env.PUBLIC_URL = publicUrl;

  const app: INestMicroservice = await createMicroservice(await opts.load(), opts.service);
  const config = loadConfig();
  const worker: MailWorker = startMailWorker(config);
  const rpc = new RpcClient(config.natsUrl);
  await rpc.connect();
  const pool = new Pool({ connectionString: config.databaseUrl, max: opts.poolMax ?? 2 });

  return {
    rpc,
    sink,
    pool,
    prefix,
    publicUrl,
    async close() {
      await rpc.close();
      await worker.close();
      await app.close();
      await pool.end();
      await sink.stop();
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    },
  };
}
