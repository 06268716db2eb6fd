import { Injectable } from '@nestjs/common';
import { internalSecret } from '@app/platform';
import { errors, MailPreferences, MailPreferencesGetRequest, MailPreferencesSetRequest, UnsubscribeApplyReply, UnsubscribeCheckReply, UnsubscribeRequest } from '@app/proto';
import { SummariesRepository } from './summaries.repository';
import { unsubscribeKey, verifyUnsubscribeToken } from './unsubscribe.rules';

// The mailed unsubscribe links (GET /mail/unsubscribe shows a page, POST stops the mails; the gateway passes the
// token): the accounts service checks the token, which names a user and what to stop, and alone changes what it owns.
// The weekly summary stops by switching all_notifications off on each of the user's memberships; the Free-plan limit
// notices by an opt-out row (there is no membership flag for them).

@Injectable()
export class UnsubscribeService {
  private readonly key = unsubscribeKey(internalSecret());

  constructor(private readonly repo: SummariesRepository) {}

  async check(req: UnsubscribeRequest): Promise<UnsubscribeCheckReply> {
    const { userId, purpose } = verifyUnsubscribeToken(this.key, req.token);
    const done = purpose === 'weekly-summary' ? !(await this.repo.wantsSummary(userId)) : await this.repo.optedOut(userId, purpose);
    return { purpose, done };
  }

  async apply(req: UnsubscribeRequest): Promise<UnsubscribeApplyReply> {
    const { userId, purpose } = verifyUnsubscribeToken(this.key, req.token);
    const changed = purpose === 'weekly-summary' ? await this.repo.switchNotificationsOff(userId) : await this.repo.optOut(userId, purpose);
    return { ok: true, purpose, changed };
  }

  /** The profile's switches: what a mailed link stops, turned back on (or off) by the signed-in user. */
  async preferences(req: MailPreferencesGetRequest): Promise<MailPreferences> {
    const userId = signedInUser(req.ctx);
    return { free_limit_notices: !(await this.repo.optedOut(userId, 'free-limit')) };
  }

  async setPreferences(req: MailPreferencesSetRequest): Promise<MailPreferences> {
    const userId = signedInUser(req.ctx);
    if (req.preferences.free_limit_notices) await this.repo.optIn(userId, 'free-limit');
    else await this.repo.optOut(userId, 'free-limit');
    return this.preferences(req);
  }
}

function signedInUser(ctx: MailPreferencesGetRequest['ctx']): string {
  if (!ctx.user_id) throw errors.unauthorized();
  return ctx.user_id;
}
