import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// tus-js-client is replaced by a recorder: what matters here is what the disk hands it (endpoint, metadata, headers,
// retry rule) and what it makes of tus's callbacks.
const made: Array<{ file: unknown; options: Record<string, any>; instance: Record<string, any> }> = [];
let previous: Array<{ metadata: Record<string, string>; uploadUrl: string }> = [];
vi.mock('tus-js-client', () => ({
  Upload: class {
    options: Record<string, any>;
    start = vi.fn();
    abort = vi.fn(async () => undefined);
    resumeFromPreviousUpload = vi.fn();
    findPreviousUploads = vi.fn(async () => previous);
    constructor(file: unknown, options: Record<string, any>) {
      this.options = options;
      made.push({ file, options, instance: this as unknown as Record<string, any> });
    }
  },
}));

const { tusUploader, uploadHeaders } = await import('./tus-upload');
const { setRouteName } = await import('./api');

const callbacks = () => ({ onProgress: vi.fn(), onRetry: vi.fn(), onSuccess: vi.fn(), onError: vi.fn() });
const response = (status: number, body: string) => ({ originalResponse: { getStatus: () => status, getBody: () => body } });
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  made.length = 0;
  previous = [];
  document.cookie = 'XSRF-TOKEN=tok%2B1; path=/';
  setRouteName('disk.folder');
});
afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  setRouteName(undefined);
});

describe('the tus uploader', () => {
  it('uploads to /files/{account}/uploads with the name and folder and retry delays', async () => {
    const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
    tusUploader('acc-1', file, { dirId: 'cfl-7' }, callbacks());
    await flush();
    const { options, instance } = made[0];
    expect(options.endpoint).toBe('/files/acc-1/uploads');
    expect(options.metadata).toEqual({ name: 'hello.txt', dir_id: 'cfl-7', filetype: 'text/plain' });
    expect(options.retryDelays.length).toBeGreaterThan(3);
    expect(instance.start).toHaveBeenCalledTimes(1);
  });

  it('sends the XSRF header and the route name once per request (tus sets its `headers` option, then onBeforeRequest, on the same XHR)', async () => {
    tusUploader('acc-1', new File(['x'], 'x.bin'), { dirId: null }, callbacks());
    const { options } = made[0];
    // what tus-js-client does for each request: the options' headers, then the hook; an XHR joins a repeated header
    const sent: Record<string, string> = {};
    const req = { setHeader: (name: string, value: string) => void (sent[name] = sent[name] === undefined ? value : `${sent[name]}, ${value}`) };
    for (const [name, value] of Object.entries((options.headers ?? {}) as Record<string, string>)) req.setHeader(name, value);
    await options.onBeforeRequest(req);
    expect(sent).toEqual({ 'x-xsrf-token': 'tok+1', 'x-route-name': 'disk.folder' });
  });

  it('sets the current XSRF cookie on every request (it may be renewed during a long upload)', async () => {
    tusUploader('acc-1', new File(['x'], 'x.bin'), { dirId: null }, callbacks());
    document.cookie = 'XSRF-TOKEN=renewed; path=/';
    const setHeader = vi.fn();
    await made[0].options.onBeforeRequest({ setHeader });
    expect(setHeader).toHaveBeenCalledWith('x-xsrf-token', 'renewed');
  });

  it('resumes the upload tus remembers for the same file and place', async () => {
    previous = [
      { metadata: { name: 'big.iso', dir_id: 'other' }, uploadUrl: '/files/acc-1/uploads/u0' },
      { metadata: { name: 'big.iso', dir_id: '' }, uploadUrl: '/files/acc-1/uploads/u1' },
    ];
    tusUploader('acc-1', new File(['x'], 'big.iso'), { dirId: null }, callbacks());
    await flush();
    expect(made[0].instance.resumeFromPreviousUpload).toHaveBeenCalledWith(previous[1]);
    expect(made[0].instance.start).toHaveBeenCalledTimes(1);
  });

  it('reports progress, retries a dropped connection, and does not retry a quota refusal but shows its reason', async () => {
    const cb = callbacks();
    tusUploader('acc-1', new File(['x'], 'x.bin'), { fileId: 'cfl-9' }, cb);
    const { options } = made[0];
    expect(options.metadata).toEqual({ file_id: 'cfl-9' });
    options.onProgress(50, 100);
    expect(cb.onProgress).toHaveBeenCalledWith(50, 100);
    expect(options.onShouldRetry({ originalResponse: null })).toBe(true);
    expect(cb.onRetry).toHaveBeenCalledTimes(1);
    const full = response(507, JSON.stringify({ error: 'insufficient_storage', reason: 'Not enough space: 99 MB of 100 MB used' }));
    expect(options.onShouldRetry(full)).toBe(false);
    options.onError(full);
    expect(cb.onError).toHaveBeenCalledWith({ reason: 'Not enough space: 99 MB of 100 MB used', key: 'quota' });
    options.onSuccess({});
    expect(cb.onSuccess).toHaveBeenCalledTimes(1);
  });

  it('stops without reporting an error when aborted, and asks tus to drop the server’s partial upload', async () => {
    const cb = callbacks();
    const running = tusUploader('acc-1', new File(['x'], 'x.bin'), { dirId: null }, cb);
    running.abort();
    await flush();
    made[0].options.onError(response(0, ''));
    expect(made[0].instance.abort).toHaveBeenCalledWith(true);
    expect(made[0].instance.start).not.toHaveBeenCalled();
    expect(cb.onError).not.toHaveBeenCalled();
  });
});

describe('uploadHeaders', () => {
  it('sends no XSRF header without the cookie', () => {
    setRouteName(undefined);
    expect(uploadHeaders('other=1')).toEqual({});
  });
});
