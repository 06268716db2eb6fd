import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { connect, type NatsConnection, type Subscription } from 'nats';
import { natsOptions } from '@app/platform';
import { ChangesLogged, changesLoggedSubject } from '@app/proto';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';

// The gateway's ear on the accounts service's announcements (proto live.ts): one core NATS subscription per group that
// has an open stream here (or whose memberships a stream depends on: a sub-group's parent), shared by the streams and
// dropped with the last of them. Its own connection, opened on the first stream: the RpcClient's is request/reply only.

export type LoggedListener = (announced: ChangesLogged) => void;

const logger = new Logger('live');

@Injectable()
export class LiveBus implements OnApplicationShutdown {
  private nc?: NatsConnection;
  private connecting?: Promise<NatsConnection>;
  private readonly watched = new Map<string, { sub: Subscription; listeners: Set<LoggedListener> }>();
  private closed = false;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: Pick<GatewayConfig, 'natsUrl' | 'prefix'>) {}

  /**
   * Calls `listener` with every announcement of `accountId` from now on, until the returned function is called. Resolves
   * once the server has the subscription, so nothing committed after that is missed.
   */
  async watch(accountId: string, listener: LoggedListener): Promise<() => void> {
    const nc = await this.connection();
    let entry = this.watched.get(accountId);
    if (!entry) {
      const listeners = new Set<LoggedListener>();
      const sub = nc.subscribe(changesLoggedSubject(this.config.prefix, accountId), {
        callback: (err, msg) => {
          if (err) return;
          const parsed = parse(msg.data);
          if (!parsed || parsed.account_id !== accountId) return;
          for (const l of [...listeners]) l(parsed);
        },
      });
      entry = { sub, listeners };
      this.watched.set(accountId, entry);
    }
    entry.listeners.add(listener);
    await nc.flush(); // the subscription is registered with the server
    const current = entry;
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size === 0 && this.watched.get(accountId) === current) {
        this.watched.delete(accountId);
        current.sub.unsubscribe();
      }
    };
  }

  /** Groups with a subscription (tests look). */
  get watchedCount(): number {
    return this.watched.size;
  }

  private async connection(): Promise<NatsConnection> {
    if (this.closed) throw new Error('the live bus is closed');
    if (this.nc) return this.nc;
    this.connecting ??= connect(natsOptions(this.config.natsUrl, 'gateway-live')).then((nc) => {
      // closed() resolves (with the error that closed the connection, if any); it never rejects
      void nc.closed().then((err) => err && logger.error(`live bus connection closed: ${err.message}`));
      return nc;
    });
    try {
      this.nc = await this.connecting;
      return this.nc;
    } finally {
      this.connecting = undefined;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.watched.clear();
    const nc = this.nc ?? (await this.connecting?.catch(() => undefined));
    await nc?.drain().catch(() => undefined);
    this.nc = undefined;
  }
}

const decoder = new TextDecoder();

function parse(data: Uint8Array): ChangesLogged | null {
  try {
    const parsed = ChangesLogged.safeParse(JSON.parse(decoder.decode(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
