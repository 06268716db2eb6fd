import { AppError, CallerContext } from '@app/proto';
import { internalSecret, signCaller, verifyCaller } from './internal-caller';

const ctx: CallerContext = { user_id: 'usr-1', db: 'acc-1', roles: ['usr-1', 'user'], admin: false, token: null, request_id: 'r1' };
const SECRET = 'a-secret-of-sixteen-or-more';

function status(fn: () => unknown): number | 'ok' {
  try {
    fn();
    return 'ok';
  } catch (err) {
    return err instanceof AppError ? err.status : -1;
  }
}

describe('the caller the gateway signs for the disk', () => {
  it('is read back as signed for the same method and path within a minute', () => {
    const headers = signCaller(ctx, SECRET, 'PUT', '/dav/acc-1/a.txt', 1000);
    expect(verifyCaller(headers, SECRET, 'PUT', '/dav/acc-1/a.txt', 1000 + 59_000)).toEqual(ctx);
  });

  it('is refused (401) for another path, another method, another secret, after a minute, or when changed', () => {
    const headers = signCaller(ctx, SECRET, 'GET', '/files/acc-1/cfl-1', 1000);
    expect(status(() => verifyCaller(headers, SECRET, 'GET', '/files/acc-2/cfl-1', 1000))).toBe(401);
    expect(status(() => verifyCaller(headers, SECRET, 'DELETE', '/files/acc-1/cfl-1', 1000))).toBe(401);
    expect(status(() => verifyCaller(headers, 'another-secret-of-16+', 'GET', '/files/acc-1/cfl-1', 1000))).toBe(401);
    expect(status(() => verifyCaller(headers, SECRET, 'GET', '/files/acc-1/cfl-1', 1000 + 61_000))).toBe(401);
    const forged = Buffer.from(JSON.stringify({ ctx: { ...ctx, db: 'acc-2' }, exp: 1e15 })).toString('base64url');
    expect(status(() => verifyCaller({ ...headers, 'x-app-caller': forged }, SECRET, 'GET', '/files/acc-1/cfl-1', 1000))).toBe(401);
    expect(status(() => verifyCaller({}, SECRET, 'GET', '/files/acc-1/cfl-1', 1000))).toBe(401);
  });

  it('needs INTERNAL_SECRET (16+ characters) in production, and has a development default otherwise', () => {
    expect(() => internalSecret({ NODE_ENV: 'production' })).toThrow(/INTERNAL_SECRET/);
    expect(() => internalSecret({ NODE_ENV: 'production', INTERNAL_SECRET: 'short' })).toThrow(/INTERNAL_SECRET/);
    expect(internalSecret({ NODE_ENV: 'production', INTERNAL_SECRET: SECRET })).toBe(SECRET);
    expect(internalSecret({ NODE_ENV: 'development' }).length).toBeGreaterThanOrEqual(16);
  });
});
