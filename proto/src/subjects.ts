import type { z } from 'zod';
import type { ServiceName } from './klasses';
import * as D from './documents';
import * as I from './identity';
import * as H from './health';
import * as A from './accounts';
import * as B from './billing';
import * as R from './receipts';
import * as F from './finance';
import * as BK from './backup';
import * as M from './mail';
import * as TS from './ticket-status';

// NATS subjects. Every name is prefixed by configuration (APP_PREFIX) so a test run never answers, or is
// answered by, a running product on the same broker (DESIGN: running it).

export function appPrefix(): string {
  return process.env.APP_PREFIX || 'app';
}

/** `<prefix>.<name>`, e.g. `app.identity.session.login`. */
export function subject(name: string, prefix = appPrefix()): string {
  return `${prefix}.${name}`;
}

/** The queue group a service's copies share, so each request is served once. */
export function queueGroup(service: ServiceName, prefix = appPrefix()): string {
  return `${prefix}.${service}`;
}

/** JetStream stream of change events and its subjects. */
export function changeStream(prefix = appPrefix()) {
  const safe = prefix.replace(/[^A-Za-z0-9_-]/g, '_');
  return { name: `${safe}_changes`, subjects: [`${prefix}.changes.>`], subject: (service: ServiceName) => `${prefix}.changes.${service}` };
}

export function docSubject(service: ServiceName, op: D.DocOp): `${ServiceName}.doc.${D.DocOp}` {
  return `${service}.doc.${op}`;
}

type Call<Req extends z.ZodType, Res> = { req: z.infer<Req>; res: Res };

type DocCalls<S extends ServiceName> = {
  [K in `${S}.doc.get`]: Call<typeof D.DocGetRequest, D.Doc>;
} & { [K in `${S}.doc.find`]: Call<typeof D.DocFindRequest, D.FindReply> } & {
  [K in `${S}.doc.put`]: Call<typeof D.DocPutRequest, D.WriteReply>;
} & { [K in `${S}.doc.post`]: Call<typeof D.DocPostRequest, D.WriteReply> } & {
  [K in `${S}.doc.delete`]: Call<typeof D.DocDeleteRequest, D.WriteReply>;
} & { [K in `${S}.doc.view`]: Call<typeof D.DocViewRequest, D.ViewReply> } & {
  [K in `${S}.doc.update`]: Call<typeof D.DocUpdateRequest, D.WriteReply>;
};

/** Every request/reply call: the subject name (without prefix) to its request and reply types. */
type HealthCalls = { [K in `${ServiceName}.health`]: Call<typeof H.HealthRequest, H.HealthReply> };

/** The backup calls every service with a group's documents answers (proto backup.ts; services only, never routed). */
type BackupCalls = { [K in `${BK.BackupService}.backup.export`]: { req: BK.BackupExportRequest; res: BK.BackupExportReply } } & {
  [K in `${BK.BackupService}.backup.clear`]: { req: BK.BackupClearRequest; res: BK.BackupClearReply };
} & { [K in `${BK.BackupService}.backup.restore`]: { req: BK.BackupRestoreRequest; res: BK.BackupRestoreReply } } & {
  'disk.backup.blobs': { req: BK.BackupBlobsRequest; res: BK.BackupBlobsReply };
  'disk.backup.versions': { req: BK.BackupVersionsRequest; res: BK.BackupVersionsReply };
  'disk.backup.versions.clear': { req: BK.BackupVersionsClearRequest; res: BK.BackupClearReply };
  'disk.backup.versions.restore': { req: BK.BackupVersionsRestoreRequest; res: BK.BackupRestoreReply };
};

export type Calls = DocCalls<ServiceName> & HealthCalls & BackupCalls & {
  'identity.session.login': Call<typeof I.LoginRequest, I.LoginReply>;
  'identity.session.get': Call<typeof I.SessionGetRequest, I.SessionReply>;
  'identity.user.register': Call<typeof I.RegisterRequest, I.PublicUser>;
  'identity.user.get': Call<typeof I.UserGetRequest, Partial<I.PublicUser>>;
  'identity.user.update': Call<typeof I.UserUpdateRequest, D.WriteReply>;
  'identity.confirmation.request': Call<typeof I.EmailRequest, I.OkReply>;
  'identity.confirmation.confirm': Call<typeof I.ConfirmRequest, I.OkReply>;
  'identity.password.request': Call<typeof I.EmailRequest, I.OkReply>;
  'identity.password.reset': Call<typeof I.PasswordResetRequest, I.PasswordResetReply>;
  'identity.token.verify': Call<typeof I.TokenVerifyRequest, I.TokenVerifyReply>;
  'accounts.account.create': Call<typeof A.AccountCreateRequest, A.AccountCreateReply>;
  'accounts.account.get': Call<typeof A.AccountGetRequest, A.AccountGetReply>;
  'accounts.account.update': Call<typeof A.AccountUpdateRequest, D.WriteReply>;
  'accounts.account.children': Call<typeof A.AccountChildrenRequest, A.AccountChildrenReply>;
  'accounts.membership.resolve': Call<typeof A.MembershipResolveRequest, A.MembershipResolveReply>;
  'accounts.roles.get': Call<typeof A.RolesGetRequest, A.RolesGetReply>;
  'accounts.security.get': Call<typeof A.SecurityGetRequest, A.SecurityReply>;
  'accounts.db.info': Call<typeof A.DbInfoRequest, A.DbInfoReply>;
  'accounts.changes.get': Call<typeof A.ChangesGetRequest, A.ChangesReply>;
  'accounts.prices.find': Call<typeof B.PricesFindRequest, D.FindReply>;
  'accounts.billing.config': Call<typeof B.BillingConfigRequest, B.BillingConfigReply>;
  'accounts.billing.checkout': Call<typeof B.CheckoutRequest, B.CheckoutReply>;
  'accounts.billing.webhook': Call<typeof B.WebhookRequest, B.WebhookReply>;
  'tickets.receipt.pdf': Call<typeof R.ReceiptPdfRequest, R.ReceiptPdfReply>;
  'tickets.status-link': Call<typeof TS.StatusLinkRequest, TS.StatusLinkReply>;
  'tickets.status-page': Call<typeof TS.StatusPageRequest, TS.StatusPageReply>;
  'finance.import.analyse': { req: F.CsvAnalyseRequest; res: F.CsvUploadReply };
  'accounts.backups.list': Call<typeof BK.BackupListRequest, BK.BackupListReply>;
  'accounts.backups.create': Call<typeof BK.BackupCreateRequest, BK.BackupDoc>;
  'accounts.backups.file': Call<typeof BK.BackupFileRequest, BK.BackupFileReply>;
  'accounts.backups.restore': Call<typeof BK.BackupRestoreStartRequest, BK.BackupRestoreDoc>;
  'accounts.backups.restore.get': Call<typeof BK.BackupRestoreGetRequest, BK.BackupRestoreDoc>;
  'accounts.backups.restore.group.remove': Call<typeof BK.BackupRestoreGroupRemoveRequest, BK.BackupRestoreDoc>;
  'accounts.backups.combined': Call<typeof BK.BackupCombinedRequest, BK.BackupDoc>;
  'accounts.backups.combined.file': Call<typeof BK.BackupCombinedRequest, BK.BackupFileReply>;
  'accounts.unsubscribe.check': Call<typeof M.UnsubscribeRequest, M.UnsubscribeCheckReply>;
  'accounts.unsubscribe.apply': Call<typeof M.UnsubscribeRequest, M.UnsubscribeApplyReply>;
  'accounts.mail.preferences.get': Call<typeof M.MailPreferencesGetRequest, M.MailPreferences>;
  'accounts.mail.preferences.set': Call<typeof M.MailPreferencesSetRequest, M.MailPreferences>;
};
export type CallName = keyof Calls;

/** Request schemas by call, so both sides validate the same shape. */
export const CALL_SCHEMAS: { [K in CallName]?: z.ZodType } = {
  'identity.session.login': I.LoginRequest,
  'identity.session.get': I.SessionGetRequest,
  'identity.user.register': I.RegisterRequest,
  'identity.user.get': I.UserGetRequest,
  'identity.user.update': I.UserUpdateRequest,
  'identity.confirmation.request': I.EmailRequest,
  'identity.confirmation.confirm': I.ConfirmRequest,
  'identity.password.request': I.EmailRequest,
  'identity.password.reset': I.PasswordResetRequest,
  'identity.token.verify': I.TokenVerifyRequest,
  'accounts.account.create': A.AccountCreateRequest,
  'accounts.account.get': A.AccountGetRequest,
  'accounts.account.update': A.AccountUpdateRequest,
  'accounts.account.children': A.AccountChildrenRequest,
  'accounts.membership.resolve': A.MembershipResolveRequest,
  'accounts.roles.get': A.RolesGetRequest,
  'accounts.security.get': A.SecurityGetRequest,
  'accounts.db.info': A.DbInfoRequest,
  'accounts.changes.get': A.ChangesGetRequest,
  'accounts.prices.find': B.PricesFindRequest,
  'accounts.billing.config': B.BillingConfigRequest,
  'accounts.billing.checkout': B.CheckoutRequest,
  'accounts.billing.webhook': B.WebhookRequest,
  'tickets.receipt.pdf': R.ReceiptPdfRequest,
  'tickets.status-link': TS.StatusLinkRequest,
  'tickets.status-page': TS.StatusPageRequest,
  'finance.import.analyse': F.CsvAnalyseRequest,
  'accounts.backups.list': BK.BackupListRequest,
  'accounts.backups.create': BK.BackupCreateRequest,
  'accounts.backups.file': BK.BackupFileRequest,
  'accounts.backups.restore': BK.BackupRestoreStartRequest,
  'accounts.backups.restore.get': BK.BackupRestoreGetRequest,
  'accounts.backups.restore.group.remove': BK.BackupRestoreGroupRemoveRequest,
  'accounts.backups.combined': BK.BackupCombinedRequest,
  'accounts.backups.combined.file': BK.BackupCombinedRequest,
  'accounts.unsubscribe.check': M.UnsubscribeRequest,
  'accounts.unsubscribe.apply': M.UnsubscribeRequest,
};

export const DOC_REQUEST_SCHEMAS: Record<D.DocOp, z.ZodType> = {
  get: D.DocGetRequest,
  find: D.DocFindRequest,
  put: D.DocPutRequest,
  post: D.DocPostRequest,
  delete: D.DocDeleteRequest,
  view: D.DocViewRequest,
  update: D.DocUpdateRequest,
};
