import { errorCodes, statusKey, unreachableKey } from './discovery-errors.rules';

const fetchFailed = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) });

describe('what failed when a new subscription was fetched', () => {
  it('reads the system codes along the causes, an AggregateError’s too', () => {
    expect(errorCodes(fetchFailed('ECONNREFUSED'))).toEqual(['ECONNREFUSED']);
    const both = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]), { code: 'ECONNREFUSED' }) });
    expect(errorCodes(both)).toEqual(['ECONNREFUSED', 'ECONNREFUSED']);
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    expect(errorCodes(loop)).toEqual([]);
  });

  it('names the failure: no such host, refused (a failed secure connection too), timeout, too large, redirects, else cannot be reached', () => {
    expect(unreachableKey('network', fetchFailed('ENOTFOUND'))).toBe('has-no-such-host');
    expect(unreachableKey('network', fetchFailed('ECONNREFUSED'))).toBe('refused-the-connection');
    expect(unreachableKey('network', fetchFailed('ERR_TLS_CERT_ALTNAME_INVALID'))).toBe('refused-the-connection');
    expect(unreachableKey('network', fetchFailed('UNABLE_TO_VERIFY_LEAF_SIGNATURE'))).toBe('refused-the-connection');
    expect(unreachableKey('network', new Error('something else'))).toBe('cannot-be-reached');
    expect(unreachableKey('timeout', null)).toBe('did-not-answer-in-time');
    expect(unreachableKey('too_large', null)).toBe('is-too-large');
    expect(unreachableKey('too_many_redirects', null)).toBe('redirects-too-many-times');
    expect(unreachableKey('bad_status', null)).toBe('cannot-be-reached');
  });

  it('tells a missing page from another error status', () => {
    expect([404, 410, 403, 500, 503].map(statusKey)).toEqual(['was-not-found-there', 'was-not-found-there', 'answered-with-an-error', 'answered-with-an-error', 'answered-with-an-error']);
  });
});
