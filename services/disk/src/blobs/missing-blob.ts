import { Logger } from '@nestjs/common';
import { AppError, errors, FILE_CONTENTS_MISSING } from '@app/proto';

// A file version names a blob the store does not have (its bytes were lost: a restored disk, a bucket emptied by
// hand, a blob deleted while something still named it). The file is listed but its bytes can't be served: the caller
// gets 404 `file-contents-missing` (docs/decisions.md "Missing bytes"), and the operator one error line per blob.

const logger = new Logger('disk-blobs');

/** BlobStore.open's error when the store has no blob under the key. */
export class MissingBlob extends Error {
  constructor(readonly key: string) {
    super(`blob ${key} is not in the store`);
  }
}

/** Blobs already logged: each missing one is logged once per process, not on every client retry (bounded). */
const reported = new Set<string>();
const MAX_REPORTED = 10_000;

/** The 404 answered for a file whose version names a missing blob; the blob is logged at error level the first time. */
export function fileContentsMissing(key: string, where: { accountId: string; fileId: string; version: number }): AppError {
  if (!reported.has(key)) {
    if (reported.size >= MAX_REPORTED) reported.clear();
    reported.add(key);
    logger.error(`blob ${key} is missing from the store: version ${where.version} of file ${where.fileId} of ${where.accountId} can't be served (404 ${FILE_CONTENTS_MISSING})`);
  }
  return errors.notFound(FILE_CONTENTS_MISSING);
}
