import { CallerContext, CsvImportFields, Doc, errors } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';

/**
 * CsvImport through the document API: a POST starts an import (its fields checked here, the job queued by the documents
 * service after the create); its progress is the service's to write; a finished, failed or undone import's document
 * can be deleted (its records stay).
 */
export class CsvImportPolicy implements KlassPolicy {
  readonly schema = CsvImportFields as unknown as KlassPolicy['schema'];

  /** `checkDates`: refuses a file whose dates read two ways when no date_format is chosen (after the columns' checks) */
  constructor(private readonly checkDates: (ctx: CallerContext, fields: Record<string, unknown>) => Promise<void> = async () => undefined) {}

  async beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    if (op === 'delete') {
      if (prev && ['queued', 'running', 'undoing'].includes(String(prev.status))) throw errors.conflict('The import is still running');
      return fields;
    }
    if (prev) throw errors.forbidden('An import is changed by its own progress: undo it or start another');
    const columns = fields.columns as Record<string, unknown>;
    const matched = Object.values(columns).filter((c) => typeof c === 'number').length;
    if (matched < 3) throw errors.unprocessable('Please match the header of each column (at least 3 columns required).');
    if (typeof columns.value !== 'number' && (typeof columns.debit !== 'number' || typeof columns.credit !== 'number')) {
      throw errors.unprocessable({ columns: 'value-or-debit-and-credit' });
    }
    await this.checkDates(ctx, fields);
    return { ...fields, status: 'queued', total_rows: 0, done_rows: 0, created: 0, duplicates: 0, error: null };
  }

  present(doc: Doc): Doc {
    return { ...doc, label: typeof doc.description === 'string' && doc.description ? doc.description : `Import ${String(doc.created_at ?? '').slice(0, 10)}` };
  }
}
