import { Injectable } from '@nestjs/common';
import { DEFAULT_LOCALE, Locale, LOCALES } from '@app/proto';
import { ConfigurationRepository } from './configuration.repository';

const isLocale = (v: unknown): v is Locale => (LOCALES as readonly unknown[]).includes(v);

/** A user's locale: their `locale` configuration (spec §7: set from the profile screen), else the profile's, else en. */
@Injectable()
export class UserLocaleService {
  constructor(private readonly configs: ConfigurationRepository) {}

  async of(user: { _id: string; locale?: string | null }): Promise<Locale> {
    const setting = await this.configs.byKey(user._id, 'locale');
    if (isLocale(setting?.value)) return setting.value;
    return isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  }
}
