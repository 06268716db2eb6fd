import { reasonKey } from '@app/ui';
import type { TFunction } from 'i18next';

// A reason the finance service answers in English (spec §8's messages, an import's failure) in the reader's language:
// the errors.reason text of this module or the shell when there is one, else as the service wrote it.

export function reasonText(t: TFunction<'finance'>, reason: string): string {
  return t(`errors.reason.${reasonKey(reason)}`, { ns: ['finance', 'translation'], defaultValue: reason });
}
