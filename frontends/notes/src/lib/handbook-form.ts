import type { HandbookDoc } from '@app/proto';
import { CONTENT_MAX, FIELDS_MAX, isSlug, MESSAGES, toSlug, toTags, type CONTENT_TYPES } from './contract';

// A handbook's form: what the editor holds, its checks before sending (the service checks again: proto's
// HandbookFields), and the document it sends.

export type ContentType = (typeof CONTENT_TYPES)[number];

export interface FieldRow {
  field_name: string;
  field_value: string;
}

export interface HandbookValues {
  title: string;
  content: string;
  content_type: ContentType;
  /** the tags as typed: comma separated */
  tags: string;
  /** the address (slug); follows the title of a new page until it is typed in */
  uri: string;
  uriTouched: boolean;
  fields: FieldRow[];
}

export type Errors = Record<string, string>;

export function initialValues(doc?: HandbookDoc): HandbookValues {
  if (!doc) return { title: '', content: '', content_type: 'markdown', tags: '', uri: '', uriTouched: false, fields: [] };
  return {
    title: doc.title ?? '',
    content: doc.content ?? '',
    content_type: doc.content_type === 'text' ? 'text' : 'markdown',
    tags: (doc.categories ?? []).join(', '),
    uri: doc.uri ?? '',
    uriTouched: true,
    fields: (doc.fields ?? []).map((f) => ({ field_name: f.field_name, field_value: f.field_value ?? '' })),
  };
}

/** A change of the form; a new page's address follows its title until the address is typed in. */
export function changeValues(values: HandbookValues, patch: Partial<HandbookValues>): HandbookValues {
  const next = { ...values, ...patch };
  if ('uri' in patch) next.uriTouched = true;
  if ('title' in patch && !next.uriTouched) next.uri = patch.title?.trim() ? toSlug(patch.title) : '';
  return next;
}

/** The fields the form sends: rows with neither a name nor a value are dropped. */
const filledFields = (rows: FieldRow[]) => rows.filter((r) => r.field_name.trim() || r.field_value.trim());

/** Field errors (keys of `validation.*`) before sending. */
export function validate(values: HandbookValues): Errors {
  const errors: Errors = {};
  if (!values.title.trim()) errors.title = 'validation.cant-be-blank';
  else if (values.title.trim().length > 300) errors.title = 'validation.is-too-long';
  if (values.content.length > CONTENT_MAX) errors.content = 'validation.is-too-long';
  const uri = values.uri.trim();
  if (uri && !isSlug(uri)) errors.uri = `validation.${MESSAGES.badSlug}`;
  const fields = filledFields(values.fields);
  if (fields.length > FIELDS_MAX) errors.fields = 'validation.is-too-long';
  else if (fields.some((f) => !f.field_name.trim())) errors.fields = 'validation.field-needs-a-name';
  return errors;
}

/** What the service keeps on a handbook itself (never sent back; `revision` is: see toDocument). */
const SERVER_FIELDS = ['content_html', 'linked_by', 'links_to', 'old_uris', 'uri_rev', 'value_for', 'label', 'language'] as const;

/**
 * The document to send: a new one, or the stored one with the form's fields. Its `_rev` (in the URL) and `revision`
 * (the revision edited) go back: the service refuses a save over someone else's newer revision (409) but takes one
 * whose `_rev` only moved because another page's link changed its backlinks.
 */
export function toDocument(values: HandbookValues, prev?: HandbookDoc): Record<string, unknown> {
  const doc: Record<string, unknown> = prev ? { ...prev } : { klass: 'Handbook' };
  for (const key of SERVER_FIELDS) delete doc[key];
  doc.title = values.title.trim();
  doc.content = values.content;
  doc.content_type = values.content_type;
  doc.categories = toTags(values.tags);
  const uri = values.uri.trim();
  if (uri) doc.uri = uri;
  else delete doc.uri;
  doc.fields = filledFields(values.fields).map((f) => ({ field_name: f.field_name.trim(), field_value: f.field_value }));
  return doc;
}

/** Whether the form holds something the stored page (or an empty new one) does not: leaving would lose it. */
export function isDirty(values: HandbookValues, doc?: HandbookDoc): boolean {
  const base = initialValues(doc);
  const norm = (v: HandbookValues) =>
    JSON.stringify([v.title.trim(), v.content, v.content_type, toTags(v.tags), doc || v.uriTouched ? v.uri.trim() : '', filledFields(v.fields)]);
  return norm(values) !== norm(base);
}

/**
 * An id for a new page, picked when its editor opens and sent with every attempt to create it: the service answers a
 * create sent again (after a lost answer, a timeout, a second click on Save) with the page it stored, never a copy.
 */
export function newHandbookId(): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  return `hbk-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The size a refused save would have taken (413 payload_too_large: "This page would take N bytes once saved…"), or
 * null for any other answer. -1 when the service gave no size.
 */
export function refusedSize(err: unknown): number | null {
  if (!err || typeof err !== 'object') return null;
  const { status, error, reason } = err as { status?: unknown; error?: unknown; reason?: unknown };
  if (status !== 413 || error !== 'payload_too_large') return null;
  const bytes = typeof reason === 'string' ? /would take ([0-9]+) bytes/.exec(reason)?.[1] : undefined;
  return bytes ? Number(bytes) : -1;
}
