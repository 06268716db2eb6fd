import { z } from 'zod';
import { CallerContext } from './context';

// The document protocol (spec §7, DESIGN "The public API"): one request shape per operation, served by every
// service for the klasses it owns on the subject `<prefix>.<service>.doc.<op>`.

/** Fields every stored document carries; the server stamps them. */
export const DocMeta = z.object({
  _id: z.string(),
  _rev: z.string(),
  klass: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  _deleted: z.boolean().optional(),
});
export type DocMeta = z.infer<typeof DocMeta>;
export type Doc = DocMeta & Record<string, unknown>;

export const SortSpec = z.array(z.union([z.string(), z.record(z.string(), z.enum(['asc', 'desc']))]));
export type SortSpec = z.infer<typeof SortSpec>;

export const MAX_FIND_LIMIT = 1000;

export const FindQuery = z.object({
  selector: z.record(z.string(), z.unknown()),
  fields: z.array(z.string()).optional(),
  sort: SortSpec.optional(),
  limit: z.number().int().min(0).max(MAX_FIND_LIMIT).optional(),
  skip: z.number().int().min(0).optional(),
});
export type FindQuery = z.infer<typeof FindQuery>;

export const DocGetRequest = z.object({ ctx: CallerContext, id: z.string(), fields: z.array(z.string()).optional() });
export const DocFindRequest = z.object({ ctx: CallerContext, query: FindQuery });
/** put: create-or-update with the given _id; the doc's _rev must match the stored one when it exists. */
export const DocPutRequest = z.object({ ctx: CallerContext, id: z.string(), rev: z.string().optional(), doc: z.record(z.string(), z.unknown()) });
/** post: create with a server-chosen id (or the body's _id when it has the klass's prefix). */
export const DocPostRequest = z.object({ ctx: CallerContext, doc: z.record(z.string(), z.unknown()) });
export const DocDeleteRequest = z.object({ ctx: CallerContext, id: z.string(), rev: z.string().optional() });
export const DocViewRequest = z.object({
  ctx: CallerContext,
  design: z.string(),
  view: z.string(),
  params: z.record(z.string(), z.unknown()),
});
export const DocUpdateRequest = z.object({
  ctx: CallerContext,
  design: z.string(),
  handler: z.string(),
  id: z.string(),
  body: z.unknown().optional(),
});

export type DocGetRequest = z.infer<typeof DocGetRequest>;
export type DocFindRequest = z.infer<typeof DocFindRequest>;
export type DocPutRequest = z.infer<typeof DocPutRequest>;
export type DocPostRequest = z.infer<typeof DocPostRequest>;
export type DocDeleteRequest = z.infer<typeof DocDeleteRequest>;
export type DocViewRequest = z.infer<typeof DocViewRequest>;
export type DocUpdateRequest = z.infer<typeof DocUpdateRequest>;

export const FindReply = z.object({ docs: z.array(z.record(z.string(), z.unknown())) });
export type FindReply = { docs: Doc[] };
/** put, post, delete and update handlers answer like CouchDB: ok, id, rev (and the doc where useful). */
export const WriteReply = z.object({ ok: z.literal(true), id: z.string(), rev: z.string(), doc: z.record(z.string(), z.unknown()).optional() });
export type WriteReply = z.infer<typeof WriteReply>;
export const ViewReply = z.object({ rows: z.array(z.object({ key: z.unknown(), value: z.unknown() })) });
export type ViewReply = z.infer<typeof ViewReply>;

export const DOC_OPS = ['get', 'find', 'put', 'post', 'delete', 'view', 'update'] as const;
export type DocOp = (typeof DOC_OPS)[number];
