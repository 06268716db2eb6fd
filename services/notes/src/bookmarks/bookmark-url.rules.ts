// How two bookmarks are told to be the same page: their URLs normalized.

/** query parameters that only say where a visitor came from (campaign and click ids), dropped before comparing */
const TRACKING = /^(utm_[a-z_]+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|mc_cid|mc_eid|igshid|_ga|_gl|ref_src|ref_url|spm|si)$/i;

/**
 * The URL as compared for duplicates: http and https alike (the scheme is left out), host lower case without a leading
 * `www.` or a trailing dot, the default port dropped, the fragment and tracking parameters dropped, the other
 * parameters sorted, a trailing slash dropped (the root aside). `null` when it is no http(s) URL.
 */
export function normalizeUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
  const port = url.port && !['80', '443'].includes(url.port) ? `:${url.port}` : '';
  const params = [...url.searchParams.entries()].filter(([k]) => !TRACKING.test(k));
  params.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '';
  return `${host}${port}${path}${query}`;
}
