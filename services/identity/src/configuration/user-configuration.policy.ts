import { Injectable } from '@nestjs/common';
import { AppError, CallerContext, Doc, FIELD_MESSAGES } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { ConfigurationRepository } from './configuration.repository';
import { validateConfiguration } from './configuration.rules';

/** UserConfiguration through the document protocol: key/value settings of the user (e.g. locale), one per key. */
@Injectable()
export class UserConfigurationPolicy implements KlassPolicy {
  constructor(private readonly configs: ConfigurationRepository) {}

  async beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    if (op === 'delete') return {};
    const prevKey = prev && typeof prev.key === 'string' ? { key: prev.key } : null;
    const next = validateConfiguration(fields, prevKey);
    if (!prev && (await this.configs.byKey(ctx.user_id!, next.key))) {
      throw new AppError('unprocessable_entity', { key: FIELD_MESSAGES.taken });
    }
    return { ...next };
  }
}
