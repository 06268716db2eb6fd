import { AppError, Doc, HANDBOOK_CONFLICT_REASON, HandbookField, HandbookFields, HandbookLink, MAX_SLUG, NOTES_MESSAGES, slugify } from '@app/proto';

// The handbook rules that need no I/O: addresses (slugs), field values, what makes a revision, when a stale `_rev`
// may still be saved.

/** `base`, then `base-2`, `base-3`…: the n-th address tried for a title (n from 1), never longer than MAX_SLUG. */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, MAX_SLUG - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/** The first address for `title` that is not taken in the group (current or old address of any handbook). */
export function firstFreeSlug(title: string, taken: ReadonlySet<string>): string {
  const base = slugify(title);
  for (let n = 1; ; n++) {
    const slug = slugCandidate(base, n);
    if (!taken.has(slug)) return slug;
  }
}

/** Field names are unique in a handbook (value_for reads by name): the second of a name is a field error. */
export function checkFieldNames(fields: HandbookField[]): void {
  const seen = new Set<string>();
  const reason: Record<string, string> = {};
  fields.forEach((f, i) => {
    const key = f.field_name.toLowerCase();
    if (seen.has(key)) reason[`fields.${i}.field_name`] = NOTES_MESSAGES.taken;
    seen.add(key);
  });
  if (Object.keys(reason).length) throw new AppError('unprocessable_entity', reason);
}

/** spec §3 value_for: field_name → field_value. */
export function valueFor(fields: HandbookField[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) out[f.field_name] = f.field_value;
  return out;
}

/** What a revision records; a save that changes none of it adds no revision. */
export function contentChanged(prev: Doc, next: HandbookFields): boolean {
  return (
    prev.title !== next.title ||
    prev.content !== next.content ||
    prev.content_type !== next.content_type ||
    JSON.stringify(prev.categories ?? []) !== JSON.stringify(next.categories ?? []) ||
    JSON.stringify(prev.fields ?? []) !== JSON.stringify(next.fields ?? [])
  );
}

/**
 * Whether a save sent with `rev` (and the `revision` the client edited) may replace `stored`: its `_rev` is current, or
 * only server-kept fields changed since the client read it (another page's link changed `linked_by`, so `_rev` moved
 * but `revision` did not). Anything else is someone else's edit: 409, and the web shows both versions.
 */
export function checkNotStale(stored: Doc, rev: string | undefined, revision: unknown): void {
  if (rev === stored._rev) return;
  if (rev !== undefined && typeof revision === 'number' && revision === stored.revision) return;
  throw new AppError('conflict', HANDBOOK_CONFLICT_REASON);
}

/** linked_by in a stable order (title, then id), so an unchanged list is recognised and not written again. */
export function sortLinks(links: HandbookLink[]): HandbookLink[] {
  return [...links].sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}

export function sameLinks(a: unknown, b: HandbookLink[]): boolean {
  return JSON.stringify(a ?? []) === JSON.stringify(b);
}

/** The targets that a save changes for others: removed or added links, or every link when the page's title or uri changed. */
export function affectedTargets(before: string[], after: string[], renamed: boolean): string[] {
  if (renamed) return [...new Set([...before, ...after])];
  const a = new Set(before);
  const b = new Set(after);
  return [...before.filter((t) => !b.has(t)), ...after.filter((t) => !a.has(t))];
}
