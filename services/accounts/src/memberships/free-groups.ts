import { Injectable } from '@nestjs/common';
import { errors } from '@app/proto';
import { SignedIn } from '../common/caller';
import { ConfigurationRepository } from '../configuration/configuration.repository';
import { freeGroupLimit, isFreeGroup } from '../groups/account.rules';
import { MembershipsRepository } from './memberships.repository';

/**
 * The free-group limit (spec §6): 1 free group until the e-mail is confirmed, then up to 5, counting the accepted
 * memberships of free groups (sub-groups of a corporate account are not free groups).
 */
@Injectable()
export class FreeGroups {
  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly configs: ConfigurationRepository,
  ) {}

  async count(userId: string): Promise<number> {
    const ids = await this.memberships.acceptedAccountIds(userId);
    const facts = await this.configs.planFacts(ids);
    return ids.filter((id) => isFreeGroup(facts.get(id)!)).length;
  }

  /**
   * Runs `join` (which adds a free-group membership) when the caller has room for one more free group, else 403 with
   * the spec's sentence. Count and join hold the user's lock, so racing requests cannot both take the last place.
   */
  async join<T>(caller: SignedIn, join: () => Promise<T>): Promise<T> {
    return this.memberships.withUserLock(caller.user_id, async () => {
      const limit = freeGroupLimit(caller.user.confirmed);
      if ((await this.count(caller.user_id)) >= limit.max) throw errors.forbidden(limit.reason);
      return join();
    });
  }
}
