import { errors, NOTES_SEARCH_DEFAULT_LIMIT, NOTES_SEARCH_MAX_LIMIT } from '@app/proto';

// The search view's parameters and the snippets it answers, without I/O.

/** characters of a query taken (web-search syntax: words, "a phrase", or, -word) */
export const MAX_QUERY = 200;

/** `q` and `limit` of `notes/_view/search` (the gateway JSON-decodes each parameter: `q=12` arrives as a number). */
export function searchParams(params: Record<string, unknown>): { q: string; limit: number } {
  const raw = params.q;
  if (raw !== undefined && typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') throw errors.badRequest('q must be text');
  const q = raw === undefined ? '' : String(raw).trim().slice(0, MAX_QUERY);
  let limit = NOTES_SEARCH_DEFAULT_LIMIT;
  if (params.limit !== undefined) {
    limit = typeof params.limit === 'string' && /^\d+$/.test(params.limit) ? Number(params.limit) : (params.limit as number);
    if (!Number.isInteger(limit) || limit < 1 || limit > NOTES_SEARCH_MAX_LIMIT) throw errors.badRequest(`limit must be a whole number from 1 to ${NOTES_SEARCH_MAX_LIMIT}`);
  }
  return { q, limit };
}

/** The markers ts_headline is asked to put around matched words (stripped from the text before, so never ambiguous). */
export const START = '\u0001';
export const STOP = '\u0002';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A ts_headline result as HTML: every character of the text escaped, the matched words in `<mark>` and no other tag.
 * Markers are read as a toggle that is closed at the end, so whatever the text holds the marks are balanced.
 */
export function snippetHtml(headline: string): string {
  let out = '';
  let open = false;
  for (const ch of headline.replace(/\s+/g, ' ').trim()) {
    if (ch === START) {
      if (!open) out += '<mark>';
      open = true;
    } else if (ch === STOP) {
      if (open) out += '</mark>';
      open = false;
    } else out += ESCAPES[ch] ?? ch;
  }
  return open ? `${out}</mark>` : out;
}
