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

/** The markers put around matched words (stripped from the text before, so never ambiguous). */
export const START = '\u0001';
export const STOP = '\u0002';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A marked snippet (markedSnippet) as HTML: every character of the text escaped, the matched words in `<mark>` and no other tag.
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

/** tags that end a line or a cell where they stand: a space for them, so "<td>a</td><td>b</td>" reads "a b" */
const BLOCK_TAG = /<\/?(?:p|div|br|hr|li|ul|ol|h[1-6]|table|thead|tbody|tr|td|th|pre|blockquote|dd|dt|dl)\b[^>]*>/gi;
/** the entities markdown-it and the sanitizer write in text */
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/**
 * A handbook's text as its reader sees it, from its rendered HTML (content_html: sanitized, written by markdown-it):
 * the tags dropped (block ones leave a space, inline ones nothing, so "<b>óleo</b>." stays "óleo.") and the entities it
 * escapes read back. A snippet then shows "Troca de óleo", not "## **Troca** de [óleo](/handbooks/oleo)".
 */
export function renderedText(html: string): string {
  return html
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:lt|gt|quot|#39|amp);/g, (e) => ENTITIES[e]);
}

/**
 * The lexemes a tsquery names (its text, as PostgreSQL writes it: `'manutenca' | 'manutencao' & !'oleo'`), without the
 * negated ones: what a snippet marks.
 */
export function queryLexemes(tsquery: string): string[] {
  const out = new Set<string>();
  for (const m of tsquery.matchAll(/(!?)\s*'((?:[^']|'')+)'/g)) if (!m[1]) out.add(m[2].replace(/''/g, "'"));
  return [...out];
}

/** words of a snippet, and of them at most this many before its first match (ts_headline's MaxWords was 35) */
export const SNIPPET_WORDS = 35;
const WORDS_BEFORE = 10;
/** characters a word is given when reading around a match: a snippet reads at most SNIPPET_WORDS × this either side */
const WORD_SPAN = 20;
/** how a lexeme's letter is written in a text: lexemes come unaccented and lower-cased (the configurations' unaccent) */
const LETTER_FORMS: Record<string, string> = { a: 'aáàâãäå', e: 'eéèêë', i: 'iíìîï', o: 'oóòôõöø', u: 'uúùûü', c: 'cç', n: 'nñ', y: 'yýÿ' };
// (in a unicode pattern only syntax characters may be escaped)
const escapeRegExp = (ch: string) => ch.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
const letterPattern = (ch: string) => (LETTER_FORMS[ch] ? `[${LETTER_FORMS[ch]}]` : escapeRegExp(ch));

/**
 * The pattern of a word a lexeme stands for, case-insensitive and accents either way: one that starts with the lexeme
 * (a stem is how its words start, mostly), or, for a long one, with all but its last two letters (stems that rewrite
 * their end: Portuguese "frequent" for "frequência"); an English stem's final i is also a y ("happi", "happy").
 */
function lexemePattern(lexeme: string): string {
  const chars = [...lexeme];
  const head = chars.length >= 7 ? chars.slice(0, -2) : chars;
  const last = head.length === chars.length && chars[chars.length - 1] === 'i' ? `[${LETTER_FORMS.i}y]` : null;
  return (last ? head.slice(0, -1) : head).map(letterPattern).join('') + (last ?? '');
}

/** A matcher of the words a query's lexemes stand for (at a word's start), or null when there is none. */
export function snippetMatcher(lexemes: string[]): RegExp | null {
  const patterns = lexemes.filter(Boolean).map(lexemePattern);
  return patterns.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${patterns.join('|')})`, 'iu') : null;
}

/**
 * Up to SNIPPET_WORDS words of a text, from a few words before the first word the query stands for (or from the
 * start when none does: the match was in the title, tags or fields), the matching words between START and STOP.
 * Done here rather than by PostgreSQL's ts_headline, which stems every word of each shown page's text and was most of
 * a search's cost (docs/benchmarks.md, bench/notes).
 */
export function markedSnippet(text: string, matcher: RegExp | null): string {
  const clean = text.replaceAll(START, '').replaceAll(STOP, '');
  const first = matcher ? clean.search(matcher) : -1;
  // words are read only as far around the match as a snippet can reach (a page's text may be 10,000 characters)
  const at = Math.max(0, first);
  const lo = Math.max(0, at - SNIPPET_WORDS * WORD_SPAN);
  const hi = Math.min(clean.length, at + SNIPPET_WORDS * WORD_SPAN);
  const region = clean.slice(lo, hi);
  const words = [...region.matchAll(/[\p{L}\p{N}]+/gu)].filter(
    // a word the region's edges cut is left out
    (w, i, all) => !((lo > 0 && i === 0 && w.index === 0) || (hi < clean.length && i === all.length - 1 && (w.index ?? 0) + w[0].length === region.length)),
  );
  if (!words.length) return region.trim().slice(0, 200);
  let hit = 0;
  if (first >= 0) while (hit + 1 < words.length && (words[hit + 1].index ?? 0) + lo <= first) hit++;
  const start = Math.max(0, Math.min(hit - WORDS_BEFORE, words.length - SNIPPET_WORDS));
  const end = Math.min(words.length, start + SNIPPET_WORDS);
  const last = end === words.length && hi === clean.length;
  // whole words are marked: the matcher anchored at each word's start
  const anchored = matcher ? new RegExp(`^(?:${matcher.source})`, matcher.flags) : null;
  let out = '';
  for (let i = start; i < end; i++) {
    const word = words[i][0];
    const from = (words[i].index ?? 0) + word.length;
    // between two words what the text has; after the last, the text's end (its final punctuation) if it is the end
    const between = i + 1 < end ? region.slice(from, words[i + 1].index) : last ? region.slice(from).trimEnd() : '';
    out += (anchored?.test(word) ? `${START}${word}${STOP}` : word) + between;
  }
  return out;
}
