import { createHash, randomUUID } from 'crypto';
import { finished, Readable, Transform } from 'stream';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { BlobStore, ByteRange, checkBlobKey, checkExpectedKey, PutOptions, StoredBlob } from './blob-store';
import { IncompleteUpload } from './local-blob-store';
import { MissingBlob } from './missing-blob';

// Blobs in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), for running several copies of the disk service on
// separate machines: `blobs/<sha256>`. An upload streams to `tmp/<uuid>` as a multipart upload (parts of 8 MiB, two
// in flight: memory stays bounded whatever the size) while its hash is computed; once complete it is copied to its
// hash's key on the server side and the temporary object is deleted, so a dropped upload never touches a stored blob.
// Copies are single requests, so a blob is at most 5 GB (the S3 limit of CopyObject).

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** path-style URLs (`endpoint/bucket/key`), as MinIO and most self-hosted servers want */
  forcePathStyle: boolean;
}

const PART_SIZE = 8 * 1024 * 1024;

export class S3BlobStore implements BlobStore {
  readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // every request is bounded in time (the SDK retries a failed one up to 3 times)
      requestHandler: { requestTimeout: 60_000, connectionTimeout: 5_000 },
    });
  }

  private keyOf(key: string): string {
    return `blobs/${checkBlobKey(key)}`;
  }

  async put(body: Readable, opts: PutOptions): Promise<StoredBlob> {
    const tmp = `tmp/${randomUUID()}`;
    const hash = createHash('sha256');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > opts.maxBytes || (opts.expectedSize !== undefined && size > opts.expectedSize)) return done(opts.tooLarge());
        hash.update(chunk);
        done(null, chunk);
      },
    });
    // the body's error, or its end without one (destroyed: a WebDAV client gone), fails the upload; pipe() alone passes
    // on neither, and the multipart upload then waited for more bytes for good
    finished(body, (err) => {
      if (err) count.destroy(err);
    });
    // the counter's own refusal (too large) is read back from count.errored below; listened here so that it can never
    // be an unhandled 'error' event, whether or not the SDK was reading at that moment
    count.on('error', () => undefined);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: tmp, Body: body.pipe(count) },
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      if (opts.expectedSize !== undefined && size !== opts.expectedSize) throw new IncompleteUpload(size, opts.expectedSize);
      const key = hash.digest('hex');
      checkExpectedKey(opts, key);
      await this.client.send(new CopyObjectCommand({ Bucket: this.settings.bucket, CopySource: `${this.settings.bucket}/${tmp}`, Key: this.keyOf(key) }));
      return { key, size };
    } catch (err) {
      // the stream's own error (a quota refusal, the client gone) rather than the SDK's wrapping of it
      const cause = count.errored ?? body.errored ?? err;
      await upload.abort().catch(() => undefined);
      throw cause;
    } finally {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: tmp })).catch(() => undefined);
    }
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    const answer = await this.client
      .send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }))
      .catch((err: unknown) => {
        throw err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) ? new MissingBlob(key) : err;
      });
    return answer.Body as Readable;
  }

  async has(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
      return true;
    } catch (err) {
      if (err instanceof NotFound || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
  }
}
