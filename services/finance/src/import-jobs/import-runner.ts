import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig, DocumentStore, retryOnConflict } from '@app/platform';
import { AppError, csvHeldKey, csvUploadDatesKey, csvUploadKey, CsvImportProgress, Doc, errors } from '@app/proto';
import { APP_CONFIG } from '../common/tokens';
import { FinanceRedis } from './finance-redis';
import { ImportsRepository } from './imports.repository';
import { MappingRuns } from '../mappings/mapping-runs';
import { ProgressPace, writeInBatches } from './import-progress';
import { IMPORT_REASONS } from '../imports/csv-import.rules';
import { duplicateKeyOf, lineOf, statementRecords, StatementRecord } from './statement';

// One import, run by the queue's worker (import-queue.ts): the statement is read from Redis and parsed (one streaming
// pass keeping only the records: statement.ts) before anything is written (a malformed file fails with its line
// number and writes nothing); lines the wallet already holds are skipped — known by the fingerprint of the statement's
// line kept on each imported record (however renamed since), or, for records without one (typed by hand, imported
// before), by the same date, amount and description; the records are written in batches inside one transaction, so
// an import is all or nothing. Its progress is written beside it for the progress bar: `running`
// while the file is read, then the rows to import (total_rows) and those written so far (done_rows, at most every
// CSV_PROGRESS_EVERY_MS: import-progress.ts), then `done` once committed. The worker shares the service's event loop:
// between the steps that hold it (reading the file, the rules) it lets other requests through.

const logger = new Logger('csv-import');
const BATCH = 2000;
/** An import this large changes what the lists' plans rest on: the table is analysed once it is done (imports.repository.ts). */
export const ANALYSE_AFTER_ROWS = 10_000;
/** lets the event loop answer what waits (other requests, this import's progress reads) */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export type ImportDoc = Doc & Partial<CsvImportProgress>;

@Injectable()
export class ImportRunner {
  constructor(
    private readonly store: DocumentStore,
    private readonly repo: ImportsRepository,
    private readonly mappings: MappingRuns,
    private readonly redis: FinanceRedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async progress(db: string, id: string, change: Partial<CsvImportProgress>): Promise<Doc> {
    return retryOnConflict(async () => {
      const doc = await this.store.get(db, id);
      if (!doc) throw errors.notFound();
      return this.store.update(db, id, doc._rev, { ...doc, ...change }, null);
    }, 10);
  }

  async run(db: string, importId: string): Promise<void> {
    const doc = (await this.store.get(db, importId)) as ImportDoc | null;
    if (!doc || doc.status !== 'queued') return;
    const actor = typeof doc.created_by === 'string' ? doc.created_by : null;
    try {
      await this.progress(db, importId, { status: 'running' });
      const wallet = await this.store.get(db, String(doc.wallet_id));
      if (!wallet || wallet.klass !== 'Wallet') throw errors.unprocessable({ wallet_id: 'must-exist' });
      // as a record added by hand (the POST refused it already; the wallet may have been made inactive since)
      if (wallet.active === false) throw new AppError('unprocessable_entity', IMPORT_REASONS.inactiveWallet);
      // the rules first: duplicates are told apart by what would be stored
      const records = await this.mapped(db, doc, await this.statement(db, doc, Number(wallet.precision ?? 2)));
      await nextTurn();
      const fresh = await this.withoutDuplicates(db, String(wallet._id), records);
      const duplicates = records.length - fresh.length;
      await this.progress(db, importId, { total_rows: records.length, done_rows: duplicates });
      const pace = new ProgressPace();
      await this.store.inTransaction((tx) =>
        writeInBatches(
          fresh,
          BATCH,
          async (batch) => {
            for (const klass of ['Income', 'Outgo'] as const) {
              const ofKlass = batch.filter((r) => r.klass === klass).map((r) => this.recordFields(r, wallet, importId));
              await this.store.createManyWithin(tx, db, klass, ofKlass, actor);
            }
          },
          (written) => this.progress(db, importId, { done_rows: duplicates + written }).then(() => undefined),
          pace,
        ),
      );
      await this.progress(db, importId, { status: 'done', done_rows: records.length, created: fresh.length, duplicates, error: null });
      await this.letGo(db, String(doc.upload_id));
      if (fresh.length >= ANALYSE_AFTER_ROWS) await this.repo.analyse().catch((err) => logger.warn(`import ${importId}: ANALYZE failed: ${String(err)}`));
    } catch (err) {
      const reason = err instanceof AppError ? (typeof err.reason === 'string' ? err.reason : JSON.stringify(err.reason)) : 'The import failed, please try again';
      const line = lineOf(err);
      if (!(err instanceof AppError)) logger.error(`import ${importId}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      await this.progress(db, importId, { status: 'failed', created: 0, error: { line, reason } }).catch(() => undefined);
    }
  }

  /** An imported statement's bytes leave Redis, and the group's share of waiting uploads (gateway upload-quota.ts). */
  private async letGo(db: string, uploadId: string): Promise<void> {
    await this.redis.client
      .multi()
      .del(csvUploadKey(this.config.prefix, db, uploadId), csvUploadDatesKey(this.config.prefix, db, uploadId))
      .hdel(csvHeldKey(this.config.prefix, db), uploadId)
      .exec()
      .catch((err: unknown) => logger.warn(`upload ${uploadId}: not let go (${String(err)}); it expires within the hour`));
  }

  /** The statement's records (the upload's bytes are let go once read). */
  private async statement(db: string, doc: ImportDoc, precision: number): Promise<StatementRecord[]> {
    const bytes = await this.redis.client.getBuffer(csvUploadKey(this.config.prefix, db, String(doc.upload_id)));
    if (!bytes) throw new AppError('unprocessable_entity', 'The uploaded file is no longer there (uploads are kept for an hour): upload it again');
    return statementRecords(bytes, doc, precision);
  }

  /** The records as the group's active mapping rules leave them, unless the import asked not to apply them. */
  private async mapped(db: string, doc: ImportDoc, records: StatementRecord[]): Promise<StatementRecord[]> {
    if (doc.apply_mappings === false) return records;
    const rules = await this.mappings.activeRules(db);
    await nextTurn();
    return this.mappings.apply(rules, records);
  }

  /** What an Income or Outgo of the statement stores. */
  private recordFields(r: StatementRecord, wallet: Doc, importId: string): Record<string, unknown> {
    return {
      wallet_id: wallet._id,
      currency: wallet.currency,
      date: r.date,
      value: r.value,
      description: r.description,
      categories: r.categories,
      ...(r.klass === 'Income' ? { paid_by: r.paid_by ?? null } : { paid_to: r.paid_to ?? null }),
      confirmed: true,
      imported: true,
      import_id: importId,
      statement_line: r.statement_line,
    };
  }

  /**
   * Lines the wallet holds already, and repeats inside the file, are left out: a line whose fingerprint a record of the
   * wallet carries (imported from it, whatever was renamed since), or, for the wallet's records without one (typed by
   * hand, imported before fingerprints), the record as it would be stored (same kind, date, amount, description).
   */
  private async withoutDuplicates(db: string, walletId: string, records: StatementRecord[]): Promise<StatementRecord[]> {
    if (!records.length) return records;
    let from = records[0].date;
    let to = from;
    for (const { date } of records) {
      if (date < from) from = date;
      else if (date > to) to = date;
    }
    const lines = new Set<string>();
    const stored = new Set<string>();
    for (const e of await this.repo.existing(db, walletId, from, to)) {
      if (e.statement_line) lines.add(e.statement_line);
      else stored.add(duplicateKeyOf(walletId, e));
    }
    const out: StatementRecord[] = [];
    for (const r of records) {
      if (lines.has(r.statement_line) || stored.has(duplicateKeyOf(walletId, r))) continue;
      lines.add(r.statement_line);
      out.push(r);
    }
    return out;
  }

  /** Deletes the records the import made that are still imported (the others were taken over by someone). */
  async undo(db: string, importId: string, actor: string | null): Promise<{ deleted: number }> {
    const ids = await this.repo.stillImported(db, importId);
    let deleted = 0;
    await this.store.inTransaction(async (tx) => {
      for (let i = 0; i < ids.length; i += BATCH) deleted += (await this.store.removeManyWithin(tx, db, ids.slice(i, i + BATCH), actor)).length;
    });
    return { deleted };
  }
}
