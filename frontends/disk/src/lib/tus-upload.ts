import { readCookie } from '@app/ui';
import { Upload, type DetailedError } from 'tus-js-client';
import { currentRouteName } from './api';
import { FILES_ROUTE, UPLOADS_SEGMENT } from './contract';
import { RETRY_DELAYS, shouldRetryUpload, uploadError, uploadMetadata, type UploadError, type UploadTarget } from './uploads';

// One resumable upload (tus 1.0.0, tus-js-client) to the gateway's `/files/{account_id}/uploads`. tus cuts the file
// into PATCH requests; after a dropped connection it waits (RETRY_DELAYS), asks the server how much it has and goes on
// from there; a file chosen again after a reload resumes the upload tus remembered for it (its fingerprint in
// localStorage). A refusal (quota 507/413, or 4xx) is final and its {reason} is shown.

export interface UploadCallbacks {
  onProgress: (sent: number, total: number) => void;
  onRetry: () => void;
  onSuccess: () => void;
  onError: (error: UploadError) => void;
}

export interface RunningUpload {
  abort: () => void;
}

export type Uploader = (accountId: string, file: File, target: UploadTarget, callbacks: UploadCallbacks) => RunningUpload;

/** The request headers the API client sends with a write: the XSRF cookie's echo and the screen's name. */
export function uploadHeaders(cookies?: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const xsrf = readCookie('XSRF-TOKEN', cookies);
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  const route = currentRouteName();
  if (route) headers['x-route-name'] = route;
  return headers;
}

export const uploadEndpoint = (accountId: string) => `${FILES_ROUTE}/${encodeURIComponent(accountId)}/${UPLOADS_SEGMENT}`;

const statusOf = (err: unknown) => (err as DetailedError | undefined)?.originalResponse?.getStatus() ?? 0;

export const tusUploader: Uploader = (accountId, file, target, callbacks) => {
  let aborted = false;
  const upload = new Upload(file, {
    endpoint: uploadEndpoint(accountId),
    metadata: uploadMetadata(file, target),
    // the headers are set here only, read anew for each request: the cookie may have been renewed since the upload
    // began (a long upload, a retry minutes later). Not also in `headers`: tus sets those first, and an XHR's
    // setRequestHeader adds to a header already set ("tok, tok"), which the gateway refuses (403 XSRF).
    onBeforeRequest: (req) => {
      for (const [name, value] of Object.entries(uploadHeaders())) req.setHeader(name, value);
    },
    retryDelays: RETRY_DELAYS,
    removeFingerprintOnSuccess: true,
    onShouldRetry: (err) => {
      const retry = shouldRetryUpload(statusOf(err));
      if (retry) callbacks.onRetry();
      return retry;
    },
    onProgress: (sent, total) => callbacks.onProgress(sent, total),
    onSuccess: () => callbacks.onSuccess(),
    onError: (err) => {
      if (aborted) return;
      const response = (err as DetailedError).originalResponse;
      callbacks.onError(uploadError(response?.getStatus() ?? 0, response?.getBody()));
    },
  });
  // the upload tus remembers for this file and place, if any: go on from where it stopped
  void upload
    .findPreviousUploads()
    .then((previous) => {
      const wanted = upload.options.metadata ?? {};
      const same = previous.find((p) => Object.entries(wanted).every(([k, v]) => p.metadata?.[k] === v));
      if (same) upload.resumeFromPreviousUpload(same);
    })
    .catch(() => undefined)
    .finally(() => {
      if (!aborted) upload.start();
    });
  return {
    abort: () => {
      aborted = true;
      // true: the server may drop what it holds of this upload
      void upload.abort(true).catch(() => undefined);
    },
  };
};

let uploader: Uploader = tusUploader;
export const currentUploader = () => uploader;
/** For tests: an uploader that does not touch the network. */
export function setUploader(next: Uploader): void {
  uploader = next;
}
