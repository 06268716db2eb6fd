import { z } from 'zod';

// The authenticated context the gateway passes with every NATS request. Services trust only this,
// never ids from a request body (DESIGN: tenancy).
export const TokenContext = z.object({
  id: z.string(),
  permissions: z.array(z.string()),
});

/** Who the signed-in user is, as the gateway knows it from the session (kept fresh by identity.session.get). */
export const CallerUser = z.object({
  email: z.string(),
  fullname: z.string().nullable(),
  label: z.string(),
  gravatar_hash: z.string(),
  /** confirmed_at set and no unconfirmed_email pending (spec §4) */
  confirmed: z.boolean(),
});
export type CallerUser = z.infer<typeof CallerUser>;

export const CallerContext = z.object({
  /** the signed-in user, or null for public calls (register, login, password reset) */
  user_id: z.string().nullable(),
  /** the database addressed: an account id (acc-…) or the caller's own user id (usr-…) */
  db: z.string().nullable(),
  /** session roles: the user id, 'user', and acc- ids of the user's memberships */
  roles: z.array(z.string()),
  /** administrator of the addressed account */
  admin: z.boolean(),
  /** the membership's report_view (administrators have it too): may read the group's reports; absent outside a group */
  report_view: z.boolean().optional(),
  /** set when the call is authenticated by a bearer user token */
  token: TokenContext.nullable(),
  request_id: z.string(),
  /** the browser's route name header (spec §7), for logs */
  route_name: z.string().optional(),
  locale: z.string().optional(),
  /** the signed-in user's summary; absent for public calls */
  user: CallerUser.optional(),
});
export type CallerContext = z.infer<typeof CallerContext>;

export const TOKEN_PERMISSIONS = ['read', 'write'] as const;
export type TokenPermission = (typeof TOKEN_PERMISSIONS)[number];

export function publicContext(request_id: string): CallerContext {
  return { user_id: null, db: null, roles: [], admin: false, token: null, request_id };
}
