import type { Doc } from '@app/proto';
import type { EntityDef, FieldDef } from './entities';

// Between a stored record and a form: the editable fields' values in, a document to send out.

export type Values = Record<string, unknown>;

export const editableFields = (def: { fields: FieldDef[] }) => def.fields.filter((f) => !f.server);

/** The form's starting values: the record's (edit) or the fields' initial values, with query-string prefills (new). */
export function initialValues(def: Pick<EntityDef, 'fields'>, doc?: Doc | null, prefill?: URLSearchParams): Values {
  const out: Values = {};
  for (const f of editableFields(def)) {
    if (doc) out[f.name] = doc[f.name] ?? (f.kind === 'items' ? [] : undefined);
    else out[f.name] = prefill?.get(f.name) ?? f.initial;
  }
  return out;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** What to send: the stored record (so server fields it does not edit are kept) with the form's values over it;
 * empty values are left out (a cleared field is removed). */
export function toDocument(def: Pick<EntityDef, 'fields' | 'klass'>, values: Values, prev?: Doc | null): Record<string, unknown> {
  const doc: Record<string, unknown> = prev ? { ...prev } : { klass: def.klass };
  for (const f of editableFields(def)) {
    let v = values[f.name];
    if (f.kind === 'items' && Array.isArray(v)) {
      v = (v as Values[])
        .map((row) => Object.fromEntries(Object.entries(row).filter(([, x]) => !blank(x))))
        .filter((row) => Object.keys(row).length > 0);
    } else if (typeof v === 'string') v = v.trim();
    if (blank(v)) delete doc[f.name];
    else doc[f.name] = v;
  }
  return doc;
}

/** Required fields left blank, as `validation.cant-be-blank`. */
export function requiredErrors(def: Pick<EntityDef, 'fields'>, values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of editableFields(def)) if (f.required && blank(values[f.name])) errors[f.name] = 'validation.cant-be-blank';
  return errors;
}

const unreadable = (v: unknown) => typeof v === 'number' && Number.isNaN(v);

/** Number fields (and number entries of a list) whose text could not be read — NaN from NumberField or MoneyInput —
 * as `validation.is-not-a-number`: refused before sending, never sent as another number. */
export function unreadableNumbers(def: Pick<EntityDef, 'fields'>, values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of editableFields(def)) {
    const v = values[f.name];
    const bad = f.kind === 'items' ? Array.isArray(v) && (v as Values[]).some((row) => Object.values(row).some(unreadable)) : unreadable(v);
    if (bad) errors[f.name] = 'validation.is-not-a-number';
  }
  return errors;
}
