import { z } from 'zod';
import { CallerContext } from './context';
import { SessionMembership } from './identity';
import { WriteReply } from './documents';
import { FIELD_MESSAGES as M, REASONS } from './errors';
import { PLAN_REQUESTS } from './billing';
import { ModuleSwitches } from './modules';

// Messages of the accounts service (spec §3 Account, Account configuration, Phone, Address, Membership, Counter, Change
// entry; §6 roles; §7 the calls): groups, memberships and invitations, security, configuration, the change feed and
// counters. Memberships and configuration also travel through the document protocol (`accounts.doc.*`).

// ---- plans and limits (spec §4, §6, §9) ---------------------------------------------------------------------------

export const GROUP_PLANS = ['locked', 'free', 'pro', 'corp', 'server'] as const;
export type GroupPlan = (typeof GROUP_PLANS)[number];
/** the values `confirmed-plan` takes; free by default */
export const CONFIRMED_PLANS = ['free', 'pro', 'corp'] as const;
export type ConfirmedPlan = (typeof CONFIRMED_PLANS)[number];

/** free groups a user may create or belong to: 1 until the e-mail is confirmed, then 5 (spec §6, §9) */
export const FREE_GROUPS_UNCONFIRMED = 1;
export const FREE_GROUPS_CONFIRMED = 5;
/** the dashboard timeline reads the last 20 sequence numbers (spec §9) */
export const TIMELINE_SIZE = 20;

/** The sentences of spec §8 (and a few more) that the accounts service answers with. */
export const ACCOUNT_REASONS = {
  needSubscription: REASONS.needSubscription,
  notAllowed: REASONS.notAllowed,
  confirmFirst: REASONS.confirmFirst,
  confirmToUse: 'You need to confirm your email to use this feature',
  freeGroupUnconfirmed: 'You can have only 1 free Group, confirm your email for more',
  freeGroupLimit: 'You can create or be member of up to 5 free Groups',
  deleteOwn: 'You cannot delete your own subscription',
  changeOwn: 'You cannot change your own administrator or report access',
  creatorStays: 'The group creator cannot be removed and must stay an administrator',
  freeOneAdmin: 'Free Groups allow only one administrator',
  subscriptionNotFound: 'Could not find this Member subscription',
  alreadyAccepted: 'This invitation was already accepted',
  alreadyMember: 'You are already a member of this Group',
  managedSetting: 'This setting is managed by the server',
  subGroups: 'Sub groups exist only for corporate accounts with no parent',
  accountCreate: 'Groups are created with accounts.account.create',
} as const;

// ---- account configuration (spec §3: key/value documents, acn-) --------------------------------------------------

/** on-off features (spec §2 admin page: billing, checklist, maintenance, project-management) and modules */
export const FEATURE_FLAGS = ['billing', 'checklist', 'maintenance', 'project-management', 'budget', 'rdisk', 'textnotes', 'exoreader'] as const;
export const CONTRACT_RECEIPT = ['on-demand', 'always'] as const;

/** Every key of spec §3 Account configuration. */
export const ACCOUNT_CONFIG_KEYS = [
  'name',
  'billing-email',
  'confirmed-plan',
  'unconfirmed-plan',
  'parent-account-id',
  'admin',
  'created-by',
  'created-at',
  'contract-receipt',
  ...FEATURE_FLAGS,
  'estimate-observation',
  'receipt-configuration',
  'phones',
  'addresses',
  'livemode',
  'platform_customer_id',
] as const;
export type AccountConfigKey = (typeof ACCOUNT_CONFIG_KEYS)[number];

/** Keys only the server (group creation, the billing flow) writes: a client's create, update or delete is 403. */
export const SERVER_CONFIG_KEYS = ['confirmed-plan', 'unconfirmed-plan', 'livemode', 'platform_customer_id', 'admin', 'created-by', 'created-at'] as const;

/** Stored with every new group (spec §3 defaults); created-by, created-at and admin are added with the creator's id. */
export const ACCOUNT_CONFIG_DEFAULTS = {
  budget: true,
  rdisk: true,
  textnotes: true,
  billing: false,
  checklist: false,
  maintenance: false,
  'project-management': false,
  exoreader: false,
  'contract-receipt': 'on-demand',
  'confirmed-plan': 'free',
} as const satisfies Partial<Record<AccountConfigKey, unknown>>;

const text = (max: number) => z.string({ error: M.invalid }).max(max, { error: M.tooLong });
const optionalText = (max: number) => text(max).nullish();

/** One phone of the `phones` list (a subrecord: it does not count as a record). */
export const Phone = z
  .strictObject(
    {
      id: optionalText(100),
      uuid: optionalText(100),
      main: z.boolean({ error: M.invalid }).nullish(),
      description: optionalText(200),
      number: text(50).trim().min(1, { error: M.blank }),
      marktodelete: z.boolean({ error: M.invalid }).nullish(),
    },
    { error: M.invalid },
  )
  .refine((p) => !!(p.id || p.uuid), { error: M.blank, path: ['id'] });
export type Phone = z.infer<typeof Phone>;

/** One address of the `addresses` list (a subrecord). */
export const Address = z
  .strictObject(
    {
      id: optionalText(100),
      uuid: optionalText(100),
      main: z.boolean({ error: M.invalid }).nullish(),
      description: optionalText(200),
      zip_code: optionalText(20),
      street: optionalText(200),
      number: optionalText(20),
      neighborhood: optionalText(100),
      complement: optionalText(200),
      city: optionalText(100),
      state: optionalText(100),
      marktodelete: z.boolean({ error: M.invalid }).nullish(),
    },
    { error: M.invalid },
  )
  .refine((a) => !!(a.id || a.uuid), { error: M.blank, path: ['id'] });
export type Address = z.infer<typeof Address>;

export const MAX_SUBRECORDS = 50;
export const PhoneList = z.array(Phone, { error: M.invalid }).max(MAX_SUBRECORDS, { error: M.tooLong });
export const AddressList = z.array(Address, { error: M.invalid }).max(MAX_SUBRECORDS, { error: M.tooLong });

// ---- documents ---------------------------------------------------------------------------------------------------

const docMeta = {
  _id: z.string(),
  _rev: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
};

/**
 * A group (spec §3 Account) as the API answers it (GET /accounts/{account_id}, the doc of the create and profile-edit
 * replies). Stored in its own db (db = its id) are only name and billing_email; the plan and payment fields are read
 * from its configuration and the plan prices when it is answered.
 */
export const AccountDoc = z.object({
  ...docMeta,
  klass: z.literal('Account'),
  name: z.string(),
  /** masked for members who are not administrators, unless it is their own address */
  billing_email: z.string().nullable(),
  /** the active plan: the `confirmed-plan` configuration, free when unset */
  'confirmed-plan': z.enum(CONFIRMED_PLANS),
  /** the group's plan as the plan icon shows it; the confirmed plan (a sub-group has its parent's) */
  v7_plan: z.enum(GROUP_PLANS),
  /** the `livemode` configuration: the plan was paid with the provider's live keys; false until a payment */
  livemode: z.boolean(),
  /** administrators only: the provider's price of the paid confirmed plan in the group's mode, else null */
  platform_price_id: z.string().nullable().optional(),
  /** administrators only: the `platform_customer_id` configuration (created on the first checkout), else null */
  platform_customer_id: z.string().nullable().optional(),
});
export type AccountDoc = z.infer<typeof AccountDoc>;
/** accounts.account.get's reply: the Account, only the fields asked for when the request names `fields`. */
export const AccountGetReply = AccountDoc.partial();
export type AccountGetReply = z.infer<typeof AccountGetReply>;

export const MEMBERSHIP_STATUSES = ['pending', 'accepted'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const UserSummary = z.object({ _id: z.string(), email: z.string(), fullname: z.string().nullable(), label: z.string() });
export const InvitedBy = z.object({ _id: z.string(), label: z.string(), gravatar_hash: z.string() });

/** A membership (spec §3 Membership, klass Subscription), stored in the account's db. A pending one has no user_id. */
export const SubscriptionDoc = z.object({
  ...docMeta,
  klass: z.literal('Subscription'),
  account_id: z.string(),
  account_name: z.string(),
  user_id: z.string().optional(),
  user: UserSummary.optional(),
  email: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  admin: z.boolean(),
  bookmark: z.boolean(),
  report_view: z.boolean(),
  all_notifications: z.boolean(),
  ticket_created: z.boolean(),
  /** deprecated (spec §6) */
  comment_created: z.boolean(),
  invited_by_id: z.string().optional(),
  invited_by: InvitedBy.optional(),
});
export type SubscriptionDoc = z.infer<typeof SubscriptionDoc>;

/** The fields a member (own flags) or an administrator (all of them) may change with PUT. */
export const NOTIFICATION_FLAGS = ['all_notifications', 'ticket_created', 'comment_created'] as const;
export const ADMIN_FLAGS = ['admin', 'report_view'] as const;

/** POST /{account_id} with klass Subscription: an invitation (spec §6: administrators with a confirmed e-mail). */
export const InvitationBody = z.object({
  klass: z.literal('Subscription'),
  email: z.unknown().optional(),
  admin: z.unknown().optional(),
  report_view: z.unknown().optional(),
});

export const AccountConfigurationDoc = z.object({
  ...docMeta,
  klass: z.literal('AccountConfiguration'),
  key: z.enum(ACCOUNT_CONFIG_KEYS),
  value: z.unknown(),
});

// ---- calls -------------------------------------------------------------------------------------------------------

/** accounts.account.create: a new group; the caller becomes its accepted administrator member. */
export const AccountCreateRequest = z.object({
  ctx: CallerContext,
  name: z.unknown().optional(),
  /** a corporate sub-group of this account (the caller must administer it; it must be corp with no parent) */
  parent_account_id: z.string().optional(),
});
export type AccountCreateRequest = z.infer<typeof AccountCreateRequest>;
export const AccountCreateReply = WriteReply.extend({ subscription_id: z.string() });
export type AccountCreateReply = z.infer<typeof AccountCreateReply>;

/** accounts.account.get (GET /accounts/{account_id}): the group of ctx.db. */
export const AccountGetRequest = z.object({ ctx: CallerContext, fields: z.array(z.string()).optional() });
export type AccountGetRequest = z.infer<typeof AccountGetRequest>;

/** accounts.account.update: the group profile (name required, billing_email text); administrators only. */
export const AccountUpdateRequest = z.object({ ctx: CallerContext, rev: z.string().optional(), body: z.record(z.string(), z.unknown()) });
export type AccountUpdateRequest = z.infer<typeof AccountUpdateRequest>;

/** accounts.account.children: the sub-groups of ctx.db (spec §2: the groups index shows only when there are some). */
export const AccountChildrenRequest = z.object({ ctx: CallerContext });
export type AccountChildrenRequest = z.infer<typeof AccountChildrenRequest>;
export const AccountChildrenReply = z.object({ docs: z.array(z.object({ _id: z.string(), name: z.string() })) });
export type AccountChildrenReply = z.infer<typeof AccountChildrenReply>;

/** accounts.membership.resolve: the gateway's tenancy check of `/{account_id}/…`. */
export const MembershipResolveRequest = z.object({ user_id: z.string(), account_id: z.string() });
export type MembershipResolveRequest = z.infer<typeof MembershipResolveRequest>;
export const MembershipResolveReply = z.object({
  subscription_id: z.string(),
  admin: z.boolean(),
  status: z.literal('accepted'),
  report_view: z.boolean(),
  account_name: z.string(),
  /** set when the access comes from a membership of the parent group (corporate sub-group) */
  parent_account_id: z.string().nullable(),
  /** the group's module switches (modules.ts): the gateway refuses a switched-off module's API (absent, from an accounts
   * service of before: none refused) */
  modules: ModuleSwitches.optional(),
});
export type MembershipResolveReply = z.infer<typeof MembershipResolveReply>;

/**
 * accounts.roles.get: the acc- roles of the session (accepted memberships and pending invitations). Invitations are
 * matched by `email` only when `confirmed` is true (identity's SessionReply.confirmed): an address anyone can register
 * is not proof of receiving its mail.
 */
export const RolesGetRequest = z.object({ user_id: z.string(), email: z.string().optional(), confirmed: z.boolean().optional() });
export type RolesGetRequest = z.infer<typeof RolesGetRequest>;
export const RolesGetReply = z.object({ roles: z.array(z.string()), memberships: z.array(SessionMembership) });
export type RolesGetReply = z.infer<typeof RolesGetReply>;

/** accounts.security.get (GET /{account_id}/_security): CouchDB-like, roles are user ids. */
export const SecurityGetRequest = z.object({ ctx: CallerContext });
export type SecurityGetRequest = z.infer<typeof SecurityGetRequest>;
export const SecurityReply = z.object({ admins: z.object({ roles: z.array(z.string()) }), members: z.object({ roles: z.array(z.string()) }) });
export type SecurityReply = z.infer<typeof SecurityReply>;

/** accounts.db.info (GET /{account_id}). */
export const DbInfoRequest = z.object({ ctx: CallerContext });
export type DbInfoRequest = z.infer<typeof DbInfoRequest>;
export const DbInfoReply = z.object({ db_name: z.string(), update_seq: z.number().int(), doc_count: z.number().int() });
export type DbInfoReply = z.infer<typeof DbInfoReply>;

/** accounts.changes.get (GET /{account_id}/_changes): query-string values may arrive as text. */
export const ChangesGetRequest = z.object({
  ctx: CallerContext,
  since: z.union([z.number(), z.string()]).optional(),
  include_docs: z.union([z.boolean(), z.string()]).optional(),
  limit: z.union([z.number(), z.string()]).optional(),
  /** newest first unless false */
  descending: z.union([z.boolean(), z.string()]).optional(),
});
export type ChangesGetRequest = z.infer<typeof ChangesGetRequest>;

export const CHANGE_ACTIONS = ['create', 'update', 'destroy'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

export const ChangeResult = z.object({
  seq: z.number().int(),
  id: z.string(),
  changes: z.array(z.object({ rev: z.string() })),
  deleted: z.literal(true).optional(),
  /** with include_docs, for a live record only */
  doc: z.object({ _id: z.string(), _rev: z.string(), label: z.string().nullable(), updated_at: z.string() }).optional(),
  action: z.enum(CHANGE_ACTIONS),
  klass: z.string(),
  /**
   * who made the change, as the group's membership names them: the full name, else the address (masked for others
   * than administrators, unless it is the caller's own); null for the system's own writes or someone not a member
   */
  actor_label: z.string().nullable(),
});
export type ChangeResult = z.infer<typeof ChangeResult>;
export const ChangesReply = z.object({ results: z.array(ChangeResult), last_seq: z.number().int() });
export type ChangesReply = z.infer<typeof ChangesReply>;

/**
 * A row of `_design/count-by-klass/_view/all`: per counted klass (group_level ≥ 1) or one total (key null). Its value
 * is spec §3's Counter: `kind` (the klass, null for the total), `amount` (live records) and `size` (bytes); `count` is
 * the same figure as `amount`, kept for the clients that read it before the Counter's names were given.
 */
export const CountByKlassRow = z.object({
  key: z.string().nullable(),
  value: z.object({ kind: z.string().nullable(), amount: z.number().int(), size: z.number().int(), count: z.number().int() }),
});
export type CountByKlassRow = z.infer<typeof CountByKlassRow>;

// ---- update handlers (`PUT /{db}/_design/<design>/_update/<handler>/<id>`, spec §7) -----------------------------

/**
 * The accounts service's update handlers by what they do. The gateway's route table (DESIGN_SERVICES) names each
 * `<design>/<handler>`; the service's DocumentsService.update names the method each one runs.
 */
export const ACCOUNT_UPDATES = {
  /** `bookmark/{true|false}/<subscription_id>`, on /{user_id}/ or /{account_id}/: bookmarks one's own membership */
  bookmark: { design: 'bookmark', handlers: ['true', 'false'] },
  /** `status/accept/<subscription_id>` on /{account_id}/: the invitee accepts (the other `status` handlers are reader's) */
  accept: { design: 'status', handlers: ['accept'] },
  /** `subscription/{free|cancel}/<account_id>`: an administrator asks to move to the free plan or to cancel the paid one */
  planSwitch: { design: 'subscription', handlers: PLAN_REQUESTS },
} as const;
export type AccountUpdateName = keyof typeof ACCOUNT_UPDATES;

/** Design documents served by accounts (`<design>/<view or handler>`), for the gateway's routing table. */
export const ACCOUNTS_DESIGNS = {
  views: ['count-by-klass/all'],
  updates: Object.values(ACCOUNT_UPDATES).flatMap((u) => u.handlers.map((h) => `${u.design}/${h}`)),
} as const;
