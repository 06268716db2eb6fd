import { fieldErrors, isApiError } from '@app/ui';

// A 422's reason map as errors per form field (spec §5: shown under the field), and a 409's when it names fields (an
// address already taken). Nested paths (fields.0.field_name) are shown under their list (fields).

export type Errors = Record<string, string>;

export function serverFieldErrors(err: unknown): Errors {
  if (!isApiError(err) || (err.status !== 422 && err.status !== 409) || !err.reason || typeof err.reason !== 'object') return {};
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
