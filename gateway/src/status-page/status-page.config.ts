import type { RateLimit } from '../config/gateway-config';
import { STATUS_PAGE_STYLE_HASH } from './status-page.html';

// The status page's own settings (docs/running.md): its rate limits, read once at start. And its headers, which the
// gateway's security-headers hook sets on every answer under /s/.

export interface StatusPageLimits {
  /** every request to /s/… per client address */
  perIp: RateLimit;
  /** tokens that find no page (unknown, revoked, expired) per client address: the guessing bound */
  missesPerIp: RateLimit;
  /** answers posted to one link */
  answersPerLink: RateLimit;
}

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
}

export function loadStatusPageLimits(env: NodeJS.ProcessEnv = process.env): StatusPageLimits {
  return {
    perIp: { max: int(env.STATUS_PAGE_IP_MAX, 300), windowSeconds: int(env.STATUS_PAGE_IP_WINDOW_SECONDS, 600) },
    missesPerIp: { max: int(env.STATUS_PAGE_MISS_MAX, 20), windowSeconds: int(env.STATUS_PAGE_MISS_WINDOW_SECONDS, 600) },
    answersPerLink: { max: int(env.STATUS_PAGE_ANSWER_MAX, 20), windowSeconds: int(env.STATUS_PAGE_ANSWER_WINDOW_SECONDS, 3600) },
  };
}

/**
 * The page loads nothing and runs nothing: its one stylesheet by hash, no script, no image, no frame; its form posts
 * to this origin only; no page may frame it; no Referer leaves it (the token is in its address).
 */
export const STATUS_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${STATUS_PAGE_STYLE_HASH}`,
  "img-src 'none'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const STATUS_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': STATUS_PAGE_CSP,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
  'cache-control': 'no-store',
});
