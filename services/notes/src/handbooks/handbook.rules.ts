import { revNumber } from '@app/platform';
import { AppError, Doc, errors, HANDBOOK_CONFLICT_REASON, HANDBOOK_REASONS, HandbookField, HandbookFields, HandbookLink, MAX_HANDBOOK_BYTES, MAX_SLUG, NOTES_MESSAGES, slugify } from '@app/proto';

// The handbook rules that need no I/O: addresses (slugs), field values, what makes a revision, when a stale `_rev`
// may still be saved, how large a stored page may be, when a create is the same one sent again.

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
 * Whether a save sent with `rev` (and the `revision` the client edited, and the `uri` it sends) may replace `stored`:
 * its `_rev` is current, or only what the save leaves as it is changed since the client read it: server-kept fields
 * (another page's link changed `linked_by`, so `_rev` moved but `revision` did not), or the page's address when the
 * save sends none or the current one. A save that would change what a newer save changed is someone else's edit: 409,
 * and the web shows both versions. The content is compared by `revision` (any newer one is a conflict); the address,
 * which makes no revision, by `uri_rev` (the `_rev` number that set it; on a page saved before it was kept, an old
 * address of the page sent back is taken for the stale one).
 */
export function checkNotStale(stored: Doc, rev: string | undefined, revision: unknown, uri?: string): void {
  if (rev === stored._rev) return;
  if (rev !== undefined && typeof revision === 'number' && revision === stored.revision && !movesAddressBack(stored, rev, uri)) return;
  throw new AppError('conflict', HANDBOOK_CONFLICT_REASON);
}

/** Whether a save based on `rev` sends an address other than the one a newer save gave the page. */
function movesAddressBack(stored: Doc, rev: string, uri: string | undefined): boolean {
  if (uri === undefined || uri === stored.uri) return false;
  if (typeof stored.uri_rev === 'number') return revNumber(rev) < stored.uri_rev;
  return Array.isArray(stored.old_uris) && stored.old_uris.includes(uri);
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

/** Bytes a document takes as stored and as every read carries it: its JSON in UTF-8. */
export function storedBytes(doc: unknown): number {
  return Buffer.byteLength(JSON.stringify(doc));
}

/** A handbook as reads show it (HandbookPolicy.present): the stored document and its label. */
export function presentHandbook(doc: Doc): Doc {
  return { ...doc, label: typeof doc.title === 'string' ? doc.title : null };
}

/**
 * 413 when the handbook as it would be stored, and read (with its label), passes `max` bytes (MAX_HANDBOOK_BYTES): the
 * save stores nothing.
 */
export function checkHandbookSize(doc: Doc, max = MAX_HANDBOOK_BYTES): void {
  const bytes = storedBytes(presentHandbook(doc));
  if (bytes > max) throw errors.payloadTooLarge(HANDBOOK_REASONS.tooLarge(bytes, max));
}

/** A page its creator made and nobody changed since (its first revision): a create of theirs naming it may save over it. */
export function isOwnFirstVersion(stored: Doc, userId: string | null): boolean {
  return !!userId && stored.created_by === userId && stored.revision === 1;
}

/**
 * Whether a create naming an id that holds a live handbook is the same create sent again (its answer was lost: a
 * timeout, a dropped connection): made by the same user, never changed since, with the same fields. Then it answers
 * the stored page instead of storing another copy or refusing.
 */
export function isCreateReplay(stored: Doc, userId: string | null, next: HandbookFields): boolean {
  const sameUri = next.uri === undefined || next.uri === stored.uri;
  return isOwnFirstVersion(stored, userId) && sameUri && !contentChanged(stored, { ...next, categories: next.categories ?? [] });
}
