import type { Doc } from '@app/proto';

const META = new Set(['_id', '_rev', 'klass', 'created_at', 'updated_at', 'created_by', '_deleted']);

/** A stored document's own fields, without the server-stamped meta: what a server-side update writes back. */
export function fieldsOf(doc: Doc): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) if (!META.has(k)) out[k] = v;
  return out;
}
