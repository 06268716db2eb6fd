import { Inject, Injectable } from '@nestjs/common';
import { AppError, Doc, Klass, klassOfId, TICKET_MESSAGES } from '@app/proto';
import { DocumentStore, RpcClient } from '@app/platform';
import { RPC_CLIENT } from './tokens';

/**
 * Checks what a document points to: ids of documents of the same account (`customer_id`, `equipment_id`, …) and
 * users who must be accepted members of the account (`technical_id`, `reviewer_id`, asked of the accounts service).
 * Field errors are collected so one 422 names every bad field: `{customer_id: 'must-exist'}`.
 */
@Injectable()
export class References {
  constructor(
    private readonly store: DocumentStore,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
  ) {}

  /** A live document of `klass` in the account, or null (an id of another klass is none either). */
  async find(db: string, klass: Klass, id: unknown): Promise<Doc | null> {
    if (typeof id !== 'string' || id === '' || klassOfId(id) !== klass) return null;
    return this.store.get(db, id);
  }

  /** Whether `userId` is an accepted member of the account (directly or, for a sub-group, through its parent). */
  async isMember(db: string, userId: unknown): Promise<boolean> {
    if (typeof userId !== 'string' || userId === '') return false;
    try {
      await this.rpc.call('accounts.membership.resolve', { user_id: userId, account_id: db });
      return true;
    } catch (err) {
      if (err instanceof AppError && (err.error === 'forbidden' || err.error === 'not_found')) return false;
      throw err;
    }
  }
}

/** Field errors of one write, thrown together as a 422. */
export class FieldErrors {
  private readonly reason: Record<string, string> = {};

  add(field: string, message: string = TICKET_MESSAGES.mustExist): void {
    this.reason[field] ??= message;
  }

  throwIfAny(): void {
    if (Object.keys(this.reason).length) throw new AppError('unprocessable_entity', this.reason);
  }
}

/** A field's value is new in this write (a create, or an update that changes it): only then is it checked again. */
export function changed(field: string, fields: Record<string, unknown>, prev: Doc | null): boolean {
  const v = fields[field];
  if (v === undefined || v === null || v === '') return false;
  return !prev || prev[field] !== v;
}

/**
 * Resolves a reference field: the document when it exists; a field error when a new value names none. An unchanged
 * value whose document was deleted since is kept (the record keeps its denormalised copy), so old records stay editable.
 */
export async function resolveRef(refs: References, errs: FieldErrors, db: string, field: string, klass: Klass, fields: Record<string, unknown>, prev: Doc | null): Promise<Doc | null> {
  const v = fields[field];
  if (v === undefined || v === null || v === '') return null;
  const doc = await refs.find(db, klass, v);
  if (!doc && changed(field, fields, prev)) errs.add(field);
  return doc;
}
