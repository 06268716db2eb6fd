import { AppError } from '@app/proto';

/**
 * The part of a proto (zod) schema used here, typed structurally so a service needs no zod import of its own.
 */
export interface RequestSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/** Validates a request against its proto schema: a malformed request is a 400 naming the paths at fault. */
export function parseRequest<T>(schema: RequestSchema<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const reason = parsed.error.issues.map((i) => `${i.path.map(String).join('.') || 'body'}: ${i.message}`).join('; ');
  throw new AppError('bad_request', reason);
}

/**
 * Validates a field value against a proto schema whose messages are spec §5 message keys: a failure is 422 with a
 * reason map of `<prefix>.<path>` to the first message of each path.
 */
export function parseField<T>(schema: RequestSchema<T>, data: unknown, prefix: string): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const reason: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = [prefix, ...issue.path.map(String)].join('.');
    reason[key] ??= issue.message;
  }
  throw new AppError('unprocessable_entity', reason);
}
