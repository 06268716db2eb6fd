import { z } from 'zod';

// Health and readiness: every service answers `<service>.health`; the gateway's GET /_up gathers them.
export const HealthRequest = z.object({}).passthrough();
export const HealthReply = z.object({
  ok: z.boolean(),
  service: z.string(),
  version: z.string(),
  uptime_s: z.number(),
  checks: z.record(z.string(), z.string()),
});
export type HealthReply = z.infer<typeof HealthReply>;
