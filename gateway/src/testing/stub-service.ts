import { INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { createMicroservice } from '@app/platform';
import { AppError, CallName, Calls, ServiceName, subject } from '@app/proto';

// A stand-in NestJS microservice on NATS for the gateway's own tests: each subject answers with whatever the test
// sets with `on()` (a value, or a thrown AppError that crosses NATS like a real service's), and every request is
// recorded so a test can check the context the gateway sent.

type Handler<K extends CallName> = (req: Calls[K]['req']) => Calls[K]['res'] | Promise<Calls[K]['res']>;

export interface Received {
  name: CallName;
  req: unknown;
}

export class StubService {
  private readonly handlers = new Map<CallName, (req: unknown) => unknown>();
  readonly received: Received[] = [];
  private app?: INestMicroservice;

  constructor(
    private readonly service: ServiceName,
    private readonly names: CallName[],
  ) {}

  on<K extends CallName>(name: K, handler: Handler<K>): this {
    this.handlers.set(name, handler as (req: unknown) => unknown);
    return this;
  }

  /** The requests received for `name`, oldest first. */
  requests<K extends CallName>(name: K): Array<Calls[K]['req']> {
    return this.received.filter((r) => r.name === name).map((r) => r.req as Calls[K]['req']);
  }

  last<K extends CallName>(name: K): Calls[K]['req'] {
    const all = this.requests(name);
    if (all.length === 0) throw new Error(`${name} was not called`);
    return all[all.length - 1];
  }

  reset(): void {
    this.handlers.clear();
    this.received.length = 0;
  }

  async start(): Promise<void> {
    class StubController {}
    const proto = StubController.prototype as unknown as Record<string, unknown>;
    for (const name of this.names) {
      const method = async (payload: unknown) => {
        this.received.push({ name, req: payload });
        const handler = this.handlers.get(name);
        if (!handler) throw new AppError('internal_server_error', `stub: no handler for ${name}`);
        return handler(payload);
      };
      Object.defineProperty(proto, name, { value: method, writable: true, configurable: true });
      MessagePattern(subject(name))(proto, name, Object.getOwnPropertyDescriptor(proto, name)!);
    }
    class StubModule {}
    Module({ controllers: [StubController] })(StubModule);
    this.app = await createMicroservice(StubModule, this.service);
  }

  async stop(): Promise<void> {
    await this.app?.close();
  }
}
