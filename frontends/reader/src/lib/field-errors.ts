import { fieldErrors, isApiError } from '@app/ui';
import type { TFunction } from 'i18next';

// A 422's reason map as errors per form field (spec §5: shown under the field). Nested paths (items.0.quantity) are
// shown under their list (items).

export type Errors = Record<string, string>;

export function serverFieldErrors(err: unknown): Errors {
  if (!isApiError(err) || err.status !== 422 || !err.reason || typeof err.reason !== 'object') return {};
  const raw = fieldErrors(err.reason);
  const out: Errors = {};
  for (const [field, key] of Object.entries(raw)) {
    const top = field.split('.')[0];
    out[top] ??= key;
  }
  return out;
}

/** Whether an error is a field-error 422 (then the banner is not needed: the fields say it). */
export const isFieldError = (err: unknown) => Object.keys(serverFieldErrors(err)).length > 0;

/** A field error's text: the reader's, else the shell's, else the message as the server wrote it. */
export const fieldMessage = (t: TFunction, key: string): string =>
  t(key, { ns: ['reader', 'translation'], defaultValue: key.replace(/^validation\./, '').replace(/-/g, ' ') });
