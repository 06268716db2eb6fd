import { AppError, CallerContext, Doc, errors, FINANCE_REASONS, klassOfId, MONEY_KLASSES, MoneyKlass, WriteReply } from '@app/proto';
import { DocumentStore, UpdateHandler } from '@app/platform';
import { accountDb } from '../common/caller';
import { BalanceBook } from './balance-book';
import { effectChange } from './balance.rules';

// `_design/money/_update/{confirm|unconfirm|import|unimport}/<id>`: a money record's state (spec §4). Each moves the
// balances by exactly what the record's effect changes, in the transaction that writes the record; repeating one is
// refused with the spec's message (§8), so a double click never counts twice.

type Change = { field: 'confirmed' | 'imported'; to: boolean; refused: (k: MoneyKlass) => string };

export const MONEY_CHANGES: Record<string, Change> = {
  confirm: { field: 'confirmed', to: true, refused: FINANCE_REASONS.alreadyConfirmed },
  unconfirm: { field: 'confirmed', to: false, refused: FINANCE_REASONS.alreadyUnconfirmed },
  import: { field: 'imported', to: true, refused: () => FINANCE_REASONS.imported },
  unimport: { field: 'imported', to: false, refused: () => FINANCE_REASONS.notImported },
};

export function moneyHandler(store: DocumentStore, book: BalanceBook, change: Change, present: (doc: Doc) => Doc): UpdateHandler {
  return async (ctx: CallerContext, id: string): Promise<WriteReply> => {
    const db = accountDb(ctx);
    const klass = klassOfId(id) as MoneyKlass | undefined;
    if (!klass || !MONEY_KLASSES.includes(klass)) throw errors.notFound();
    const refused = () => new AppError('conflict', change.refused(klass));
    let doc: Doc | undefined;
    // a lost race on the record's revision is tried again (many clients at once); a refusal is final
    for (let attempt = 1; !doc; attempt++) {
      const current = await store.get(db, id);
      if (!current) throw errors.notFound();
      if ((current[change.field] === true) === change.to) throw refused();
      try {
        doc = await store.update(db, id, current._rev, { ...current, [change.field]: change.to }, ctx.user_id, {
          inTransaction: async (tx, _db, stored, fields) => {
            await book.apply(tx, db, effectChange(klass, stored, fields), ctx.user_id);
            return fields;
          },
        });
      } catch (err) {
        if (attempt >= 20 || !(err instanceof AppError) || err.error !== 'conflict') throw err;
      }
    }
    return { ok: true, id: doc._id, rev: doc._rev, doc: present(doc) };
  };
}
