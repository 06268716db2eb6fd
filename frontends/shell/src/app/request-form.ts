import { z } from 'zod';

/**
 * A form's schema on the field names of proto's request schema: `requestForm<typeof RegisterRequest>()({...checks})`,
 * each field with the form's own check (messages are i18n keys). A field the request does not have fails to compile,
 * so a form cannot drift from the call it sends. Proto's schema is named by type only: the page bundles none of it.
 */
export function requestForm<Request extends z.ZodObject>() {
  return <Checks extends { [K in keyof z.input<Request>]?: z.ZodType }>(checks: Checks & Record<Exclude<keyof Checks, keyof z.input<Request>>, never>) =>
    z.object(checks as { [K in keyof Checks]: Extract<Checks[K], z.ZodType> });
}
