import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  Calls,
  csvUploadDatesKey,
  csvUploadKey,
  CsvUploadDates,
  IMPORT_UPDATES,
  IMPORTS_DESIGN,
  MAPPING_UPDATES,
  MAPPING_VIEWS,
  MAPPINGS_DESIGN,
  currencyPrecision,
  Doc,
  errors,
  FINANCE_DESIGN,
  FINANCE_MESSAGES,
  FINANCE_REASONS,
  FINANCE_VIEWS,
  FindReply,
  klassOfId,
  MONEY_DESIGN,
  ViewReply,
  WriteReply,
} from '@app/proto';
import { AppConfig, DocumentProtocol, DocumentStore, project, UpdateHandler } from '@app/platform';
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
      Wallet: new WalletPolicy(book, repo),
      Income: money('Income'),
      Outgo: money('Outgo'),
      Transfer: money('Transfer'),
      Exchange: money('Exchange'),
      CsvImport: new CsvImportPolicy((ctx, fields) => this.refuseAmbiguousDates(accountDb(ctx), String(fields.upload_id), fields)),
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
    // the import screen's preview: its records as the active rules leave them, the regexes run here (bounded)
    updates[`${MAPPINGS_DESIGN}/${MAPPING_UPDATES.try}`] = async (ctx, id, body) => ({ ok: true, id, rev: '', doc: { ...(await this.mappings.tryRecords(ctx, body)) } });
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

  /** A Wallet carries what the wallets view computes of it (spec §3), the `fields` asked applied after. */
  async get(req: Req<'finance.doc.get'>): Promise<Doc> {
    const db = accountDb(req.ctx);
    if (klassOfId(req.id) !== 'Wallet') return this.protocol.get(req);
    const [doc] = await this.withComputed(db, [await this.protocol.get({ ...req, fields: undefined })]);
    return project(doc, req.fields);
  }

  /** Wallets found carry what the wallets view computes of them (spec §3), the `fields` asked applied after. */
  async find(req: Req<'finance.doc.find'>): Promise<FindReply> {
    const db = accountDb(req.ctx);
    const klass = req.query.selector.klass;
    if (typeof klass === 'string' && klass !== 'Wallet') return this.protocol.find(req);
    const fields = req.query.fields;
    const reply = await this.protocol.find(fields ? { ...req, query: { ...req.query, fields: undefined } } : req);
    const docs = await this.withComputed(db, reply.docs);
    return { docs: fields ? docs.map((d) => project(d, fields)) : docs };
  }

  /** The wallets among `docs` with their computed fields (limit, pending_transactions, available_credit, balance_after_pending). */
  private async withComputed(db: string, docs: Doc[]): Promise<Doc[]> {
    const wallets = docs.filter((d) => d.klass === 'Wallet');
    if (wallets.length === 0) return docs;
    const computed = await this.repo.computed(db, wallets);
    return docs.map((d) => (d.klass === 'Wallet' ? ({ ...d, ...computed.get(d._id) } as Doc) : d));
  }

  /** A written wallet's answer carries its computed fields too. */
  private async writtenWallet(db: string, reply: WriteReply): Promise<WriteReply> {
    if (!reply.doc || reply.doc.klass !== 'Wallet') return reply;
    const [doc] = await this.withComputed(db, [reply.doc as Doc]);
    return { ...reply, doc };
  }

  /**
   * A CsvImport starts its job once stored: its upload must still be there, its wallet exist and be active (as for a
   * record added by hand), and a file whose dates read as different days in two formats needs its date_format chosen
   * (the policy asks refuseAmbiguousDates once the columns are checked).
   */
  async post(req: Req<'finance.doc.post'>): Promise<WriteReply> {
    const db = accountDb(req.ctx);
    if (req.doc.klass !== 'CsvImport') return this.writtenWallet(db, await this.protocol.post(req));
    const uploadId = typeof req.doc.upload_id === 'string' ? req.doc.upload_id : '';
    if (!/^[0-9a-f-]{36}$/.test(uploadId) || !(await this.redis.client.exists(csvUploadKey(this.config.prefix, db, uploadId)))) {
      throw errors.unprocessable({ upload_id: 'must-exist' });
    }
    const wallet = typeof req.doc.wallet_id === 'string' ? await this.store.get(db, req.doc.wallet_id) : null;
    if (!wallet || wallet.klass !== 'Wallet') throw errors.unprocessable({ wallet_id: 'must-exist' });
    if (wallet.active === false) throw errors.unprocessable({ wallet_id: FINANCE_MESSAGES.inactiveWallet });
    const reply = await this.protocol.post(req);
    await this.queue.enqueue(db, reply.id);
    return reply;
  }

  /**
   * 422 `{date_format: "is-ambiguous"}` when no date_format is chosen and the upload's date column reads as different
   * days in two formats (its whole-file reading, kept at upload: import-analysis.ts). Options other than the upload's
   * suggestion read other rows: then the import itself refuses, when it reads the file.
   */
  private async refuseAmbiguousDates(db: string, uploadId: string, doc: Record<string, unknown>): Promise<void> {
    if (typeof doc.date_format === 'string' && doc.date_format !== '') return;
    const column = (doc.columns as { date?: unknown } | undefined)?.date;
    if (typeof column !== 'number') return;
    const raw = await this.redis.client.get(csvUploadDatesKey(this.config.prefix, db, uploadId)).catch(() => null);
    if (!raw) return;
    const held = JSON.parse(raw) as CsvUploadDates;
    // (the fields are the schema's: its defaults are in)
    if (held.ignore_line_one !== (doc.ignore_line_one === true) || held.first_line_is_header !== (doc.first_line_is_header !== false)) return;
    const dates = held.date_columns.find((c) => c.column === column);
    if (dates && dates.formats.length > 1 && dates.sample) throw errors.unprocessable({ date_format: FINANCE_MESSAGES.ambiguousDates });
  }

  async put(req: Req<'finance.doc.put'>): Promise<WriteReply> {
    const db = accountDb(req.ctx);
    return this.writtenWallet(db, await this.protocol.put(req));
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
