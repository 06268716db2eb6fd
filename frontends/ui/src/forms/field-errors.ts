// A 422 reason map ({field: message key}) turned into form field errors (i18n keys under `validation.`).
// The server names fields with underscores (password_confirmation); the spec writes some with hyphens: both map.

export type FieldErrors = Record<string, string>;

export function fieldErrors(reason: unknown, fields?: readonly string[]): FieldErrors {
  const out: FieldErrors = {};
  if (!reason || typeof reason !== 'object' || Array.isArray(reason)) return out;
  for (const [rawField, rawMessage] of Object.entries(reason as Record<string, unknown>)) {
    const field = rawField.replace(/-/g, '_');
    if (fields && !fields.includes(field)) continue;
    const message = Array.isArray(rawMessage) ? rawMessage[0] : rawMessage;
    if (typeof message !== 'string' || !message) continue;
    out[field] = `validation.${message.trim().replace(/['’.,]/g, '').replace(/\s+/g, '-')}`;
  }
  return out;
}
