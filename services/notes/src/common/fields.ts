import { AppError } from '@app/proto';

/** What parseFields needs of a proto (zod) schema. */
interface Schema<T> {
  safeParse(body: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

/** A client's fields through a proto schema; what fails is 422 with a reason per field (`fields.0.field_name`). */
export function parseFields<T>(schema: Schema<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const reason: Record<string, string> = {};
  for (const issue of parsed.error.issues) reason[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  throw new AppError('unprocessable_entity', reason);
}
