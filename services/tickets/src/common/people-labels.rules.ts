import { Doc, maskAddresses } from '@app/proto';
import { getPath, isPlainObject, jsonEqual, queryPaths } from '@app/platform';

// The people named in tickets records, as the service answers them, without I/O. A comment's author (`user.label`)
// and whoever moved a ticket (`status_events[].user_label`) are read by every member of the group. New records store
// the public label (actorOf); a label stored before that with an address in it (a user without a full name) is
// answered with the address masked, to everyone: the tickets module never shows an address it copied from a session.

/** `user.label` and every `status_events[].user_label` with any address masked; the document itself if none has one. */
export function presentPeople(doc: Doc): Doc {
  let out: Record<string, unknown> | null = null;
  const user = doc.user;
  if (isPlainObject(user) && typeof user.label === 'string') {
    const label = maskAddresses(user.label);
    if (label !== user.label) out = { ...doc, user: { ...user, label } };
  }
  const events = doc.status_events;
  if (Array.isArray(events)) {
    let changed = false;
    const shown = events.map((e: unknown) => {
      if (!isPlainObject(e) || typeof e.user_label !== 'string') return e;
      const label = maskAddresses(e.user_label);
      if (label === e.user_label) return e;
      changed = true;
      return { ...e, user_label: label };
    });
    if (changed) out = { ...(out ?? doc), status_events: shown };
  }
  return (out ?? doc) as Doc;
}

/** The top fields presentPeople may change. */
export type PersonField = 'user' | 'status_events';

const INDEX = /^\d+$/;

/** The person field a selector or sort path looks at (itself, a parent or a child), or null. */
function personFieldOf(path: readonly string[]): PersonField | null {
  if (path[0] === 'user') return path.length === 1 || path[1] === 'label' ? 'user' : null;
  if (path[0] === 'status_events') {
    // `status_events.0.user_label`, or `user_label` inside an $elemMatch on status_events
    const rest = path.length > 1 && INDEX.test(path[1]) ? path.slice(2) : path.slice(1);
    return rest.length === 0 || rest[0] === 'user_label' ? 'status_events' : null;
  }
  return null;
}

/**
 * The person fields a find's selector or sort looks at. Selecting or sorting on a label stored with an address would
 * tell a caller what presentPeople hides (a `$regex` on it spells the address out), so such a find is answered only
 * from the documents shown unchanged there (showsSameAt).
 */
export function personFieldsNamed(query: { selector: unknown; sort?: unknown }): PersonField[] {
  const named = queryPaths(query);
  const fields = new Set<PersonField>();
  for (const path of named) {
    const field = personFieldOf(path);
    if (field) fields.add(field);
  }
  return [...fields];
}

/** Whether the stored document is shown unchanged at these fields: then a selector on them means the same on both. */
export function showsSameAt(stored: Doc, shown: Doc, fields: readonly PersonField[]): boolean {
  return fields.every((f) => jsonEqual(getPath(stored, [f]), getPath(shown, [f])));
}
