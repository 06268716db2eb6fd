import { API_CSP, APP_CSP, DOCS_CSP, securityHeaders, userContentHeaders } from './security-headers';

const directives = (csp: string) => new Map(csp.split('; ').map((d) => d.split(' ')).map(([name, ...values]) => [name, values]));

describe('securityHeaders', () => {
  it('gives every answer X-Frame-Options DENY, nosniff and a referrer policy', () => {
    for (const [url, type] of [['/', 'application/json; charset=utf-8'], ['/app', 'text/html; charset=utf-8'], ['/api/docs', 'text/html'], ['/x.pdf', undefined]] as const) {
      expect(securityHeaders(url, type)).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': expect.any(String) });
    }
  });

  it('gives JSON, files and answers without a type the policy that loads nothing', () => {
    expect(securityHeaders('/_session', 'application/json; charset=utf-8')['content-security-policy']).toBe(API_CSP);
    expect(securityHeaders('/static/js/a.js', 'text/javascript; charset=utf-8')['content-security-policy']).toBe(API_CSP);
    expect(securityHeaders('/api/docs-json', 'application/json')['content-security-policy']).toBe(API_CSP);
    expect(securityHeaders('/nope', undefined)['content-security-policy']).toBe(API_CSP);
    expect(directives(API_CSP).get('default-src')).toEqual(["'none'"]);
    expect(directives(API_CSP).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('gives HTML pages the web app policy, and the Swagger UI page its own', () => {
    expect(securityHeaders('/app', 'text/html; charset=utf-8')['content-security-policy']).toBe(APP_CSP);
    expect(securityHeaders('/account/acc-1/checkout?x=1', 'text/html; charset=utf-8')['content-security-policy']).toBe(APP_CSP);
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/index.html']) expect(securityHeaders(url, 'text/html; charset=utf-8')['content-security-policy']).toBe(DOCS_CSP);
    expect(securityHeaders('/api/docsx', 'text/html')['content-security-policy']).toBe(APP_CSP);
  });

  it('the web app policy: scripts from the origin and Stripe.js only, no inline script, no framing, no plugins', () => {
    const csp = directives(APP_CSP);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://checkout.stripe.com']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https://www.gravatar.com', 'https://*.stripe.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com', 'https://checkout.stripe.com']);
    expect(csp.get('frame-src')).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(APP_CSP).not.toContain('unsafe-eval');
  });

  it('sends no referrer from the pages mailed links open (their token is in the path)', () => {
    expect(securityHeaders('/user/confirm/tok', 'text/html; charset=utf-8')['referrer-policy']).toBe('no-referrer');
    expect(securityHeaders('/user/password/tok?x', 'text/html; charset=utf-8')['referrer-policy']).toBe('no-referrer');
    expect(securityHeaders('/user/login', 'text/html; charset=utf-8')['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('userContentHeaders', () => {
  it('drops every CORS header of the disk and puts the sandboxing policy on its answers', () => {
    const out = userContentHeaders('PROPFIND', 207, { 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true', 'content-type': 'application/xml' });
    expect(Object.keys(out).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    expect(directives(String(out['content-security-policy'])).has('sandbox')).toBe(true);
    expect(out['x-content-type-options']).toBe('nosniff');
    expect(out['content-disposition']).toBeUndefined(); // not a read of a file
  });

  it('makes a read of a type a browser could run an attachment, keeps images, PDFs and text inline, and keeps the disk\'s own policy', () => {
    expect(userContentHeaders('GET', 200, { 'content-type': 'text/html' })['content-disposition']).toBe('attachment');
    expect(userContentHeaders('HEAD', 200, { 'content-type': 'image/svg+xml' })['content-disposition']).toBe('attachment');
    expect(userContentHeaders('GET', 206, { 'content-type': 'text/xml; charset=utf-8' })['content-disposition']).toBe('attachment');
    for (const type of ['image/png', 'application/pdf', 'text/plain; charset=utf-8']) expect(userContentHeaders('GET', 200, { 'content-type': type })['content-disposition']).toBeUndefined();
    expect(userContentHeaders('GET', 200, { 'content-type': 'image/png', 'content-security-policy': "default-src 'none'; sandbox" })['content-security-policy']).toBe("default-src 'none'; sandbox");
  });
});
