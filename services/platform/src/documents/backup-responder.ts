import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap, Provider } from '@nestjs/common';
import type { Msg, NatsConnection, Subscription } from 'nats';
import type { Pool } from 'pg';
import { BACKUP_SERVICES, BackupClearRequest, BackupExportRequest, BackupRestoreRequest, queueGroup, subject, type ServiceName } from '@app/proto';
import type { z } from 'zod';
import { AppConfig } from '../config/config';
import { isFirstPart, readParts, refusalError, ReplySender } from '../rpc/reply-parts';
import { toWireError } from '../rpc/rpc-exception.filter';
import { parseRequest } from '../rpc/request-validation';
import { DocumentStore } from '../store/document-store';
import { BACKUP_RESTORE_HOOK, BackupStore, type BackupRestoreHook } from './backup-store';

// `<service>.backup.export|clear|restore` (proto backup.ts) for every service with a document store and a group's
// documents: storeProviders adds this provider, so no service declares them. They are plain NATS subscriptions in the
// service's queue group, answered in the packet format of LeanNatsServer (RpcClient reads both), because a Nest
// controller's subjects are fixed per class and would need one registration per service module.

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const logger = new Logger('backup-responder');

type Handler = (data: unknown) => Promise<unknown>;

@Injectable()
class BackupResponder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly subscriptions: Subscription[] = [];
  private readonly sender: ReplySender;

  constructor(
    private readonly service: ServiceName,
    private readonly backups: BackupStore,
    private readonly nc: NatsConnection,
    private readonly config: AppConfig,
  ) {
    this.sender = new ReplySender(nc);
  }

  onApplicationBootstrap(): void {
    const handlers: Record<string, Handler> = {
      export: async (data) => {
        const req = parse(BackupExportRequest, data);
        return this.backups.exportPage(req.account_id, req.after, req.limit);
      },
      clear: async (data) => {
        const req = parse(BackupClearRequest, data);
        return this.backups.clearPage(req.account_id, req.limit, req.keep_ids, req.keep_klasses);
      },
      restore: async (data) => {
        const req = parse(BackupRestoreRequest, data);
        return { written: await this.backups.restorePage(req.account_id, req.mode, req.docs) };
      },
    };
    for (const [op, handler] of Object.entries(handlers)) {
      const name = subject(`${this.service}.backup.${op}`, this.config.prefix);
      this.subscriptions.push(
        this.nc.subscribe(name, { queue: queueGroup(this.service as ServiceName, this.config.prefix), callback: (err, msg) => !err && void this.handle(handler, msg) }),
      );
    }
  }

  beforeApplicationShutdown(): void {
    for (const sub of this.subscriptions.splice(0)) sub.unsubscribe();
  }

  private async handle(handler: Handler, msg: Msg): Promise<void> {
    let packet: { id?: string; data?: unknown };
    try {
      // a restore page larger than one message (a large document): its other parts come from the caller first
      const data = isFirstPart(msg) ? await readParts(this.nc, msg, { deadline: Date.now() + 60_000 }) : msg.data;
      packet = JSON.parse(decoder.decode(data)) as { id?: string; data?: unknown };
    } catch (err) {
      return this.reply(msg, { err: toWireError(err) });
    }
    if (packet.id === undefined) return;
    try {
      const response = await handler(packet.data);
      this.reply(msg, { id: packet.id, isDisposed: true, response });
    } catch (err) {
      if (!(err instanceof Error && 'status' in err)) logger.error(err instanceof Error ? err.message : String(err));
      this.reply(msg, { id: packet.id, err: toWireError(err), isDisposed: true });
    }
  }

  /** Answers in LeanNatsServer's packet format, in parts when large (reply-parts.ts). */
  private reply(msg: Msg, packet: Record<string, unknown>): void {
    try {
      const bytes = encoder.encode(JSON.stringify(packet));
      const refused = this.sender.send(msg, bytes);
      if (refused) this.sender.send(msg, encoder.encode(JSON.stringify({ id: packet.id, err: refusalError(refused, bytes.byteLength).toWire(), isDisposed: true })));
    } catch (err) {
      logger.error(`cannot answer: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  return parseRequest(schema, data) as z.output<S>;
}

/**
 * The backup calls of a service, when it holds a group's documents (BACKUP_SERVICES); none for identity. Injected with
 * the store's pool, NATS connection and config tokens (storeProviders).
 */
export function backupProviders(opts: { service: ServiceName; schema: string }, tokens: { pool: symbol; nc: symbol; config: symbol }): Provider[] {
  if (!(BACKUP_SERVICES as readonly string[]).includes(opts.service)) return [];
  return [
    {
      provide: BackupResponder,
      useFactory: (pool: Pool, nc: NatsConnection, config: AppConfig, store: DocumentStore, hook?: BackupRestoreHook) =>
        new BackupResponder(opts.service, new BackupStore(pool, opts.schema, opts.service, store, hook), nc, config),
      inject: [tokens.pool, tokens.nc, tokens.config, DocumentStore, { token: BACKUP_RESTORE_HOOK, optional: true }],
    },
  ];
}
