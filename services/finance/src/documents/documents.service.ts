import { Inject, Injectable } from '@nestjs/common';
import { AppError, Calls, csvUploadKey, IMPORT_UPDATES, IMPORTS_DESIGN, MAPPING_UPDATES, MAPPING_VIEWS, MAPPINGS_DESIGN, currencyPrecision, Doc, errors, FINANCE_DESIGN, FINANCE_REASONS, FINANCE_VIEWS, FindReply, klassOfId, MONEY_DESIGN, ViewReply, WriteReply } from '@app/proto';
import { AppConfig, DocumentProtocol, DocumentStore, UpdateHandler } from '@app/platform';
import { APP_CONFIG } from '../common/tokens';
import { CsvImportPolicy } from '../import-jobs/csv-import.policy';
import { MappingPolicy } from '../mappings/mapping.policy';
import { MappingRuns } from '../mappings/mapping-runs';
import { FinanceRedis } from '../import-jobs/finance-redis';
import { ImportQueue } from '../import-jobs/import-queue';
import { ImportRunner } from '../import-jobs/import-runner';
import { accountDb } from '../common/caller';
import { BalanceBook } from '../money/balance-book';
import { balanceOf } from '../money/balance.rules';
import { MONEY_CHANGES, moneyHandler } from '../money/money-updates';
import { MoneyPolicy } from '../money/money.policy';
import { FinanceRepository } from '../wallets/finance.repository';
import { WalletPolicy } from '../wallets/wallet.policy';

type Req<K extends keyof Calls> = Calls[K]['req'];

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * finance.doc.*: wallets, their per-currency totals (WalletBalance, read only), incomes, outgos, transfers and exchanges;
 * the money handlers (confirm, unconfirm, import, unimport) and the views (wallets, month). Only groups hold them.
 */
@Injectable()
export class DocumentsService {
  private readonly protocol: DocumentProtocol;

  constructor(
    private readonly store: DocumentStore,
    private readonly book: BalanceBook,
    private readonly repo: FinanceRepository,
    private readonly runner: ImportRunner,
    private readonly mappings: MappingRuns,
    private readonly queue: ImportQueue,
    private readonly redis: FinanceRedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const money = (k: 'Income' | 'Outgo' | 'Transfer' | 'Exchange') => new MoneyPolicy(k, store, book);
    const policies = {
      Wallet: new WalletPolicy(book),
      Income: money('Income'),
      Outgo: money('Outgo'),
      Transfer: money('Transfer'),
      Exchange: money('Exchange'),
      CsvImport: new CsvImportPolicy(),
      Mapping: new MappingPolicy(),
    };
    const present = (doc: Doc) => policies[doc.klass as keyof typeof policies]?.present(doc) ?? doc;
    const updates: Record<string, UpdateHandler> = {};
    for (const [name, change] of Object.entries(MONEY_CHANGES)) updates[`${MONEY_DESIGN}/${name}`] = moneyHandler(store, book, change, present);
    updates[`${MAPPINGS_DESIGN}/${MAPPING_UPDATES.apply}`] = async (ctx, id) => {
      const { changed } = await this.mappings.applyRule(ctx, id);
      const rule = await store.get(accountDb(ctx), id);
      return { ok: true, id, rev: String(rule?._rev ?? ''), doc: { ...(rule ?? {}), changed_records: changed } as Doc };
    };
    updates[`${IMPORTS_DESIGN}/${IMPORT_UPDATES.undo}`] = async (ctx, id) => {
      const db = accountDb(ctx);
      if (klassOfId(id) !== 'CsvImport') throw errors.notFound();
      const doc = await store.get(db, id);
      if (!doc) throw errors.notFound();
      if (doc.status !== 'done') throw new AppError('conflict', doc.status === 'undone' ? 'The import is already undone' : 'Only a finished import can be undone');
      const { deleted } = await this.runner.undo(db, id, ctx.user_id);
      const undone = await store.update(db, id, doc._rev, { ...doc, status: 'undone', undone_records: deleted }, ctx.user_id);
      return { ok: true, id: undone._id, rev: undone._rev, doc: undone };
    };
    this.protocol = new DocumentProtocol(
      store,
      'finance',
      { ...policies, WalletBalance: { canRead: () => undefined, beforeWrite: () => { throw errors.forbidden('Balances are kept by the wallets'); } } },
      {
        [`${FINANCE_DESIGN}/${FINANCE_VIEWS.wallets}`]: async (ctx) => ({ rows: (await repo.wallets(accountDb(ctx))).map((w) => ({ key: w._id, value: w })) }),
        [`${MAPPINGS_DESIGN}/${MAPPING_VIEWS.preview}`]: async (ctx, params) => ({ rows: await this.mappings.preview(ctx, params.key) }),
        [`${FINANCE_DESIGN}/${FINANCE_VIEWS.month}`]: async (ctx, params) => {
          const month = params.month;
          if (typeof month !== 'string' || !MONTH.test(month)) throw errors.badRequest('month must be yyyy-mm');
          return { rows: (await repo.month(accountDb(ctx), month)).map((r) => ({ key: [r.kind, r.currency, r.category], value: r.total })) };
        },
      },
      updates,
    );
  }

  get(req: Req<'finance.doc.get'>): Promise<Doc> {
    accountDb(req.ctx);
    return this.protocol.get(req);
  }

  find(req: Req<'finance.doc.find'>): Promise<FindReply> {
    accountDb(req.ctx);
    return this.protocol.find(req);
  }

  /** A CsvImport starts its job once stored (its upload must still be there). */
  async post(req: Req<'finance.doc.post'>): Promise<WriteReply> {
    const db = accountDb(req.ctx);
    if (req.doc.klass !== 'CsvImport') return this.protocol.post(req);
    const uploadId = typeof req.doc.upload_id === 'string' ? req.doc.upload_id : '';
    if (!/^[0-9a-f-]{36}$/.test(uploadId) || !(await this.redis.client.exists(csvUploadKey(this.config.prefix, db, uploadId)))) {
      throw errors.unprocessable({ upload_id: 'must-exist' });
    }
    const wallet = typeof req.doc.wallet_id === 'string' ? await this.store.get(db, req.doc.wallet_id) : null;
    if (!wallet || wallet.klass !== 'Wallet') throw errors.unprocessable({ wallet_id: 'must-exist' });
    const reply = await this.protocol.post(req);
    await this.queue.enqueue(db, reply.id);
    return reply;
  }

  put(req: Req<'finance.doc.put'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return this.protocol.put(req);
  }

  /** A wallet goes only without records, and takes its balance out of its currency's total in the same transaction. */
  async delete(req: Req<'finance.doc.delete'>): Promise<WriteReply> {
    const db = accountDb(req.ctx);
    if (klassOfId(req.id) !== 'Wallet') return this.protocol.delete(req);
    const wallet = await this.store.get(db, req.id);
    if (!wallet) throw errors.notFound();
    if (await this.repo.walletInUse(db, req.id)) throw new AppError('conflict', FINANCE_REASONS.walletInUse);
    const tombstone = await this.store.inTransaction(async (tx) => {
      const gone = await this.store.removeWithin(tx, db, req.id, req.rev, req.ctx.user_id);
      const currency = String(wallet.currency);
      await this.book.addToTotals(tx, db, new Map([[currency, { delta: -balanceOf(wallet), precision: Number(wallet.precision ?? currencyPrecision(currency)) }]]), req.ctx.user_id);
      return gone;
    });
    return { ok: true, id: tombstone._id, rev: tombstone._rev };
  }

  view(req: Req<'finance.doc.view'>): Promise<ViewReply> {
    accountDb(req.ctx);
    return this.protocol.view(req);
  }

  update(req: Req<'finance.doc.update'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return this.protocol.update(req);
  }
}
