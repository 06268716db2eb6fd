import type { z } from 'zod';

/**
 * A form's schema made from proto's request schema: the request's fields the form has, each with the form's own check
 * (messages are i18n keys). A field the request does not have fails to compile (and `pick` refuses it at run time), so
 * a form cannot drift from the call it sends.
 */
export function requestForm<Shape extends z.ZodRawShape, Checks extends { [K in keyof Shape]?: z.ZodType }>(
  request: z.ZodObject<Shape>,
  checks: Checks & Record<Exclude<keyof Checks, keyof Shape>, never>,
) {
  const fields = Object.fromEntries(Object.keys(checks).map((k) => [k, true]));
  // the picked fields are all replaced: the form's schema is the checks, on the request's field names
  return request.pick(fields as never).extend(checks as Checks) as unknown as z.ZodObject<{ [K in keyof Checks]: Extract<Checks[K], z.ZodType> }>;
}
