import { z } from 'zod';

// The change event every write publishes on JetStream (DESIGN: events and the change feed).
export const ChangeEvent = z.object({
  account_id: z.string(),
  id: z.string(),
  klass: z.string(),
  rev: z.string(),
  deleted: z.boolean(),
  label: z.string().nullable(),
  updated_at: z.string(),
  /** stored size of the document body in bytes, for usage counters */
  size: z.number().int().nonnegative(),
  /**
   * the user whose request made the write; null for the system's own work (copied-name rewrites, billing webhooks,
   * start-up data). Optional because events published before it existed lack it.
   */
  actor: z.string().nullable().optional(),
});
export type ChangeEvent = z.infer<typeof ChangeEvent>;
