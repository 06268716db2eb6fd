import type { Readable } from 'stream';

// Where a file's bytes live: blobs named by the SHA-256 of their content, so the same bytes are stored once and a blob
// never changes once written. Metadata (names, folders, versions) lives in PostgreSQL; a blob is only bytes.

export interface PutOptions {
  /** refuse (and keep nothing) past this many bytes: the group's room left on its plan */
  maxBytes: number;
  /** the size the client announced (Content-Length, tus Upload-Length): anything else is an incomplete upload */
  expectedSize?: number;
  /** the error thrown when maxBytes is passed */
  tooLarge: () => Error;
  /** the key the bytes must hash to (a restored backup's blob): anything else is refused before it is committed */
  expectedKey?: string;
  /** the error thrown when they do not */
  wrongKey?: () => Error;
}

/** The error of a put whose bytes do not hash to its expectedKey (when no wrongKey is given). */
export class WrongBlobKey extends Error {
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`the bytes hash to ${actual}, not ${expected}`);
  }
}

/** Throws when a put's bytes hashed to another key than the one it expects. */
export function checkExpectedKey(opts: PutOptions, key: string): void {
  if (opts.expectedKey !== undefined && opts.expectedKey !== key) throw opts.wrongKey?.() ?? new WrongBlobKey(opts.expectedKey, key);
}

export interface StoredBlob {
  key: string;
  size: number;
}

export interface ByteRange {
  start: number;
  /** inclusive */
  end: number;
}

export interface BlobStore {
  /**
   * Streams `body` into a temporary object and commits it under its hash only when the stream ended whole (and is
   * `expectedSize` long when given): an interrupted upload leaves nothing behind and never touches a committed blob.
   */
  put(body: Readable, opts: PutOptions): Promise<StoredBlob>;
  /** the blob's bytes, or a range of them; MissingBlob (missing-blob.ts) when the store has no such blob */
  open(key: string, range?: ByteRange): Promise<Readable>;
  /** whether the blob is there */
  has(key: string): Promise<boolean>;
  /** forgets the blob (no error when it is gone already) */
  delete(key: string): Promise<void>;
}

/** A SHA-256 in hex: the only keys a store accepts (they become paths and object names). */
export const BLOB_KEY = /^[0-9a-f]{64}$/;

export function checkBlobKey(key: string): string {
  if (!BLOB_KEY.test(key)) throw new Error(`not a blob key: ${key.slice(0, 80)}`);
  return key;
}
