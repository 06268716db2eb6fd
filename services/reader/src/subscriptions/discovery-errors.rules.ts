import { READER_MESSAGES } from '@app/proto';

// What failed when a new subscription's address was fetched, as the field error's key (issue 28: "cannot be reached"
// alone did not say whether the site does not exist, refused, took too long or answered an error).

type UnreachableKey = (typeof READER_MESSAGES)[
  'unreachable' | 'noSuchHost' | 'refused' | 'timeout' | 'notFound' | 'errorStatus' | 'tooLarge' | 'tooManyRedirects'
];

/** The system error codes (ENOTFOUND, ECONNREFUSED, …) along an error's chain of causes. */
export function errorCodes(err: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  for (let e: unknown = err; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    for (const inner of (e as { errors?: unknown }).errors instanceof Array ? ((e as { errors: unknown[] }).errors) : []) {
      const c = (inner as { code?: unknown } | null)?.code;
      if (typeof c === 'string') codes.push(c);
    }
  }
  return codes;
}

const NO_SUCH_HOST = new Set(['ENOTFOUND', 'EAI_NONAME', 'EAI_NODATA', 'EAI_AGAIN']);
const REFUSED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'UND_ERR_SOCKET', 'EPROTO']);

/** The key for an outbound failure (the platform's OutboundError code and its cause). */
export function unreachableKey(code: string, err: unknown): UnreachableKey {
  switch (code) {
    case 'timeout':
      return READER_MESSAGES.timeout;
    case 'too_large':
      return READER_MESSAGES.tooLarge;
    case 'too_many_redirects':
      return READER_MESSAGES.tooManyRedirects;
    case 'network': {
      const codes = errorCodes(err);
      if (codes.some((c) => NO_SUCH_HOST.has(c))) return READER_MESSAGES.noSuchHost;
      if (codes.some((c) => REFUSED.has(c) || c.startsWith('ERR_TLS') || c.startsWith('ERR_SSL') || /CERT|SELF_SIGNED|VERIFY|SIGNATURE|ISSUER/.test(c))) return READER_MESSAGES.refused;
      return READER_MESSAGES.unreachable;
    }
    default:
      return READER_MESSAGES.unreachable;
  }
}

/** The key for an answer whose status is not a success. */
export function statusKey(status: number): UnreachableKey {
  return status === 404 || status === 410 ? READER_MESSAGES.notFound : READER_MESSAGES.errorStatus;
}
