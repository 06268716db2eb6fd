import { normalizeUrl } from './bookmark-url.rules';

describe('normalizeUrl', () => {
  it('tells the same page apart from its spellings: scheme, case, www., default port, trailing slash, fragment', () => {
    const same = [
      'https://Example.com/docs/',
      'http://www.example.com/docs',
      'HTTPS://EXAMPLE.COM:443/docs#intro',
      'http://example.com:80/docs/',
      'https://example.com./docs',
    ];
    expect(new Set(same.map(normalizeUrl))).toEqual(new Set(['example.com/docs']));
  });

  it('drops tracking parameters and sorts the others', () => {
    expect(normalizeUrl('https://shop.example/p?utm_source=x&b=2&fbclid=abc&a=1&gclid=z')).toBe('shop.example/p?a=1&b=2');
    expect(normalizeUrl('https://shop.example/p?b=2&a=1')).toBe(normalizeUrl('https://shop.example/p?a=1&b=2'));
  });

  it('keeps what makes another page: path case, other ports, meaningful parameters', () => {
    expect(normalizeUrl('https://example.com/Docs')).not.toBe(normalizeUrl('https://example.com/docs'));
    expect(normalizeUrl('https://example.com:8080/')).toBe('example.com:8080');
    expect(normalizeUrl('https://example.com/?id=1')).not.toBe(normalizeUrl('https://example.com/?id=2'));
  });

  it('is null for what is no http(s) URL', () => {
    expect(normalizeUrl('javascript:alert(1)')).toBeNull();
    expect(normalizeUrl('ftp://example.com/')).toBeNull();
    expect(normalizeUrl('not a url')).toBeNull();
  });
});
