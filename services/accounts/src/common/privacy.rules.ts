import { CallerContext, Doc, maskAddresses, maskEmail, publicLabel, redactCredentials } from '@app/proto';
import { getPath, jsonEqual, queryPaths } from '@app/platform';

// Who sees which e-mail addresses in what the accounts service answers, without I/O. Administrators of the group see
// every address (they invite by e-mail); everyone else sees only their own, and a masked form of anyone else's —
// also where an address stands in for a name (a label of someone without a full name, the change feed's label of a
// membership). Applied to every answer, so records stored before this rule are covered too. The group's payment ids
// are for administrators only, too.

// The address rules themselves are shared with every service that names people (proto people.ts).
export { maskAddresses, maskEmail, publicLabel };

/** Who is looking: an administrator of the addressed group, and the caller's own id and (confirmed or not) address. */
interface Viewer {
  admin: boolean;
  userId: string | null;
  email: string | null;
  confirmed: boolean;
}

function viewerOf(ctx: CallerContext): Viewer {
  return { admin: ctx.admin, userId: ctx.user_id, email: ctx.user ? ctx.user.email.trim().toLowerCase() : null, confirmed: ctx.user?.confirmed === true };
}

function maskedLabel<T extends Record<string, unknown>>(summary: T): T {
  return typeof summary.label === 'string' ? { ...summary, label: maskAddresses(summary.label) } : summary;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A membership: the member's own one (or an invitation to the caller's confirmed address) keeps its address; anyone
 * else's loses `email` and `user.email`, and its `user.label` is masked. The inviter's label is masked unless the
 * caller is the inviter.
 */
function presentSubscription(v: Viewer, sub: Doc): Doc {
  const own = (!!v.userId && sub.user_id === v.userId) || (sub.user_id === undefined && v.confirmed && !!v.email && sub.email === v.email);
  const out: Record<string, unknown> = { ...sub };
  if (!own) {
    delete out.email;
    if (isObject(out.user)) {
      const { email: _email, ...summary } = out.user;
      out.user = maskedLabel(summary);
    }
  }
  if (isObject(out.invited_by) && out.invited_by._id !== v.userId) out.invited_by = maskedLabel(out.invited_by);
  return out as Doc;
}

/**
 * The group: its billing address masked unless it is the caller's own, and without the provider's price and customer
 * ids, which are payment details for administrators (spec §6).
 */
function presentAccount(v: Viewer, account: Doc): Doc {
  const { platform_price_id: _price, platform_customer_id: _customer, ...out } = account as Record<string, unknown>;
  if ('billing_email' in out) out.billing_email = maskedText(v, out.billing_email);
  return out as Doc;
}

/** Free text that may hold an address, shown masked unless it is the caller's own address. */
function maskedText(v: Viewer, value: unknown): unknown {
  return typeof value === 'string' && value.trim().toLowerCase() !== v.email ? maskAddresses(value) : value;
}

/** A document of this service as the caller may see it (see the file comment); the document itself for administrators. */
export function presentTo(ctx: CallerContext, doc: Doc): Doc {
  if (ctx.admin) return doc;
  const v = viewerOf(ctx);
  switch (doc.klass) {
    case 'Subscription':
      return presentSubscription(v, doc);
    case 'Account':
      return presentAccount(v, doc);
    case 'AccountConfiguration':
      return doc.key === 'billing-email' ? ({ ...doc, value: maskedText(v, doc.value) } as Doc) : doc;
    default:
      return doc;
  }
}

/**
 * The change feed's label of a record. A membership's label is its address (the platform labels a record without a
 * name by its e-mail): others than administrators see it masked, unless it is their own address. A feed
 * subscription's label may be its address, which carried its credentials before the reader kept them apart (security
 * issue 25, item 13): the log keeps what was written then, so `user:password@` is taken out for everyone.
 */
export function changeLabel(ctx: CallerContext, klass: string, label: string | null): string | null {
  if (label !== null && (klass === 'ReaderSubscription' || klass === 'ReaderItem')) return redactCredentials(label);
  if (ctx.admin || label === null || klass !== 'Subscription') return label;
  return maskedText(viewerOf(ctx), label) as string;
}

/** The fields presentTo may change: a find that names one of them is answered from what the caller may see. */
export const HIDDEN_PATHS: readonly string[][] = [
  ['email'],
  ['user', 'email'],
  ['user', 'label'],
  ['invited_by', 'label'],
  ['billing_email'],
  ['value'],
  ['platform_price_id'],
  ['platform_customer_id'],
];

const overlaps = (a: readonly string[], b: readonly string[]) => a.slice(0, b.length).every((seg, i) => seg === b[i]) || b.slice(0, a.length).every((seg, i) => seg === a[i]);

/**
 * The hidden fields (HIDDEN_PATHS) a find's selector or sort looks at, itself, through a parent (`user`) or a child.
 * Selecting or sorting on them must not tell a caller what presentTo hides.
 */
export function hiddenPathsNamed(query: { selector: unknown; sort?: unknown }): string[][] {
  const named = queryPaths(query);
  return HIDDEN_PATHS.filter((hidden) => named.some((path) => overlaps(path, hidden)));
}

/**
 * Whether the caller sees the stored document's values at these paths unchanged. A find naming hidden fields keeps
 * only such documents: for them the selector and sort mean the same on what is stored and on what is shown, so the
 * answer depends on nothing the caller may not see.
 */
export function showsSameAt(stored: Doc, shown: Doc, paths: readonly string[][]): boolean {
  return paths.every((path) => jsonEqual(getPath(stored, path), getPath(shown, path)));
}
