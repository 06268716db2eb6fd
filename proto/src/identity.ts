import { z } from 'zod';
import { CallerContext, CallerUser, TokenPermission, TOKEN_PERMISSIONS } from './context';

// Messages of the identity service (spec §7: /_session, /_users; e-mail confirmation, password reset, tokens).

export const LOCALES = ['en', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The user as the API shows it: never the password hash, tokens or their hashes. */
export const PublicUser = z.object({
  _id: z.string(),
  _rev: z.string(),
  klass: z.literal('User'),
  name: z.string(),
  email: z.string(),
  fullname: z.string().nullable(),
  label: z.string(),
  short_name: z.string(),
  locale: z.string(),
  unconfirmed_email: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  confirmation_sent_at: z.string().nullable(),
  newsletter: z.boolean(),
  gravatar_hash: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
});
export type PublicUser = z.infer<typeof PublicUser>;

export const UserCtx = z.object({ name: z.string().nullable(), roles: z.array(z.string()) });
export type UserCtx = z.infer<typeof UserCtx>;

/** The membership list the session keeps (spec §3 "Membership in the session store"). */
export const SessionMembership = z.object({
  account_id: z.string(),
  subscription_id: z.string(),
  account_name: z.string(),
  bookmark: z.boolean(),
  status: z.enum(['pending', 'accepted']),
});
export type SessionMembership = z.infer<typeof SessionMembership>;

/**
 * GET /_session: userCtx (name, roles) and the locale (spec §7), whether the e-mail is confirmed, the user's summary
 * (for the caller context) and, once the gateway added them from the accounts service, the memberships.
 */
export const SessionReply = z.object({
  ok: z.literal(true),
  userCtx: UserCtx,
  locale: z.string(),
  confirmed: z.boolean(),
  user: CallerUser,
  memberships: z.array(SessionMembership).optional(),
});
export type SessionReply = z.infer<typeof SessionReply>;

export const LoginRequest = z.object({ username: z.unknown().optional(), password: z.unknown().optional() });
export const LoginReply = z.object({ user_id: z.string(), userCtx: UserCtx, locale: z.string() });
export type LoginReply = z.infer<typeof LoginReply>;

export const SessionGetRequest = z.object({ user_id: z.string() });

export const RegisterRequest = z.object({
  email: z.unknown().optional(),
  unconfirmed_email: z.unknown().optional(),
  fullname: z.unknown().optional(),
  password: z.unknown().optional(),
  password_confirmation: z.unknown().optional(),
  accept: z.unknown().optional(),
  locale: z.unknown().optional(),
  newsletter: z.unknown().optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const UserGetRequest = z.object({ ctx: CallerContext, name: z.string(), fields: z.array(z.string()).optional() });
export const UserUpdateRequest = z.object({
  ctx: CallerContext,
  id: z.string(),
  rev: z.string().optional(),
  body: z.record(z.string(), z.unknown()),
});

export const EmailRequest = z.object({ email: z.unknown().optional(), locale: z.unknown().optional() });
export const ConfirmRequest = z.object({ token: z.string() });
export const PasswordResetRequest = z.object({
  token: z.string(),
  password: z.unknown().optional(),
  password_confirmation: z.unknown().optional(),
});
export const OkReply = z.object({ ok: z.literal(true) });
export type OkReply = z.infer<typeof OkReply>;

/**
 * identity.password.reset: whose password the mailed link reset and which of their user tokens it revoked (all that
 * were active), so the gateway can end the user's sessions. The browser is answered only `{ok: true}`.
 */
export const PasswordResetReply = z.object({
  ok: z.literal(true),
  user_id: z.string(),
  revoked_token_ids: z.array(z.string()),
});
export type PasswordResetReply = z.infer<typeof PasswordResetReply>;

export const TokenVerifyRequest = z.object({ token: z.string() });
export const TokenVerifyReply = z.object({
  user_id: z.string(),
  token_id: z.string(),
  permissions: z.array(z.enum(TOKEN_PERMISSIONS)),
});
export type TokenVerifyReply = z.infer<typeof TokenVerifyReply>;

/** A user token as listed (spec §2 user_tokens tab); the secret is returned once, on creation, as `token`. */
export const UserTokenDoc = z.object({
  _id: z.string(),
  _rev: z.string(),
  klass: z.literal('UserToken'),
  user_id: z.string(),
  description: z.string(),
  permissions: z.array(z.enum(TOKEN_PERMISSIONS)),
  active: z.boolean(),
  created_at: z.string(),
  token: z.string().optional(),
});
export type UserTokenDoc = z.infer<typeof UserTokenDoc>;
export type { TokenPermission };

export const UNCONFIRMED_ACCESS_DAYS = 30;
export const PASSWORD_RESET_HOURS = 24;
