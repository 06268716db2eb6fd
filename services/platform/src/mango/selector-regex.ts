import { errors } from '@app/proto';

// $regex patterns. A pattern must be a valid JavaScript regular expression (checked with `new RegExp`, with or without
// the u flag). It is then parsed into a small tree and written out twice, once as a Postgres ARE for `~` and once as a
// JavaScript RegExp (with the `u` flag, so both work on code points), so that the database and matchesSelector() agree
// on every string:
//   - supported: literals, `.`, classes `[...]` / `[^...]` with ranges, \d \D \w \W \s \S (JavaScript's sets, written
//     out as explicit ranges), \b \B (ASCII word boundary), ^ and $ (start and end of the whole string), groups
//     `(...)`, `(?:...)`, `(?<name>...)`, alternation, quantifiers * + ? {n} {n,} {n,m} (n, m ≤ 255; lazy `?` is
//     accepted and makes no difference to whether a string matches), escapes \t \n \v \f \r \xHH \uHHHH.
//   - a leading `(?i)` (CouchDB/PCRE style) makes the pattern case-insensitive for ASCII letters only.
//   - `.` matches any character except \n, \r, U+2028 and U+2029, as in JavaScript.
//   - refused with 400: backreferences, lookahead/lookbehind, \p, \k, \c, \0 and octal escapes.
//   - refused with 400 as too costly (see checkCost): patterns over 200 characters, a repeated group holding another
//     quantifier (an exact {n} aside) or able to match an empty string, and more than 1000 pieces once counted
//     repeats are written out.

export interface CompiledRegex {
  /** the pattern as the client sent it */
  source: string;
  /** the Postgres ARE, for `text ~ pattern` */
  postgres: string;
  /** the equivalent JavaScript RegExp */
  js: RegExp;
}

/** The web app sends search text escaped (at most two characters per typed one): 200 leaves 100 typed characters. */
export const MAX_REGEX_LENGTH = 200;
/** Pieces (characters, classes) of a pattern once each counted repeat is written out, e.g. [a-z]{1,250} is 250. */
export const MAX_REGEX_EXPANSION = 1000;
const MAX_REPEAT = 255;
const MAX_CODE_POINT = 0x10ffff;

type Range = [number, number];

type Node =
  | { t: 'set'; ranges: Range[] }
  | { t: 'assert'; kind: 'start' | 'end' | 'word' | 'nonword' }
  | { t: 'group'; alts: Node[][] }
  | { t: 'repeat'; node: Node; min: number; max: number | null };

const bad = (msg: string) => errors.badRequest(`invalid $regex: ${msg}`);

// ---- code point sets --------------------------------------------------------------------------------------------

function normalize(ranges: Range[]): Range[] {
  const sorted = ranges.filter(([a, b]) => a <= b).sort((x, y) => x[0] - y[0]);
  const out: Range[] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

function complement(ranges: Range[]): Range[] {
  const out: Range[] = [];
  let next = 0;
  for (const [a, b] of normalize(ranges)) {
    if (a > next) out.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

/** Adds the other ASCII case of every ASCII letter in the set. */
function asciiCaseClosure(ranges: Range[]): Range[] {
  const extra: Range[] = [];
  for (const [a, b] of ranges) {
    const up: Range = [Math.max(a, 0x41), Math.min(b, 0x5a)];
    if (up[0] <= up[1]) extra.push([up[0] + 32, up[1] + 32]);
    const low: Range = [Math.max(a, 0x61), Math.min(b, 0x7a)];
    if (low[0] <= low[1]) extra.push([low[0] - 32, low[1] - 32]);
  }
  return normalize([...ranges, ...extra]);
}

/** Strings in jsonb hold neither NUL nor unpaired surrogates, so those are left out of every emitted set. */
function emittable(ranges: Range[]): Range[] {
  return normalize(ranges).flatMap(([a, b]): Range[] => {
    const parts: Range[] = [];
    const lo = Math.max(a, 1);
    if (lo <= b) {
      if (b < 0xd800 || lo > 0xdfff) parts.push([lo, b]);
      else {
        if (lo < 0xd800) parts.push([lo, 0xd7ff]);
        if (b > 0xdfff) parts.push([0xe000, b]);
      }
    }
    return parts;
  });
}

const DIGIT: Range[] = [[0x30, 0x39]];
const WORD: Range[] = [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]];
// JavaScript's \s: WhiteSpace and LineTerminator.
const SPACE: Range[] = normalize([
  [0x09, 0x0d], [0x20, 0x20], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a], [0x2028, 0x2029],
  [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff],
]);
const DOT: Range[] = complement([[0x0a, 0x0a], [0x0d, 0x0d], [0x2028, 0x2029]]);

function classEscape(c: string): Range[] | undefined {
  switch (c) {
    case 'd': return DIGIT;
    case 'D': return complement(DIGIT);
    case 'w': return WORD;
    case 'W': return complement(WORD);
    case 's': return SPACE;
    case 'S': return complement(SPACE);
    default: return undefined;
  }
}

// ---- parser (JavaScript syntax without the u flag, Annex B) -----------------------------------------------------

class Parser {
  private i = 0;
  constructor(
    private readonly p: string,
    private readonly ignoreCase: boolean,
  ) {}

  parse(): Node {
    const node = this.disjunction();
    if (this.i < this.p.length) throw bad(`unexpected "${this.p[this.i]}"`);
    return node;
  }

  private disjunction(): Node {
    const alts: Node[][] = [this.alternative()];
    while (this.p[this.i] === '|') {
      this.i++;
      alts.push(this.alternative());
    }
    return { t: 'group', alts };
  }

  private alternative(): Node[] {
    const terms: Node[] = [];
    while (this.i < this.p.length && this.p[this.i] !== '|' && this.p[this.i] !== ')') {
      const atom = this.term();
      const q = this.quantifier();
      if (q) {
        if (atom.t === 'assert') throw bad('nothing to repeat');
        terms.push({ t: 'repeat', node: atom, ...q });
      } else terms.push(atom);
    }
    return terms;
  }

  private quantifier(): { min: number; max: number | null } | undefined {
    const c = this.p[this.i];
    let q: { min: number; max: number | null } | undefined;
    if (c === '*') q = { min: 0, max: null };
    else if (c === '+') q = { min: 1, max: null };
    else if (c === '?') q = { min: 0, max: 1 };
    if (q) this.i++;
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.p.slice(this.i));
      if (!m) return undefined; // a literal "{" (Annex B)
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === '' ? null : Number(m[3]);
      if (min > MAX_REPEAT || (max !== null && max > MAX_REPEAT)) throw bad(`repetition counts must be at most ${MAX_REPEAT}`);
      if (max !== null && max < min) throw bad('numbers out of order in {} quantifier');
      q = { min, max };
      this.i += m[0].length;
    }
    if (q && this.p[this.i] === '?') this.i++; // lazy: same set of matching strings
    return q;
  }

  private term(): Node {
    const c = this.p[this.i];
    switch (c) {
      case '^':
        this.i++;
        return { t: 'assert', kind: 'start' };
      case '$':
        this.i++;
        return { t: 'assert', kind: 'end' };
      case '.':
        this.i++;
        return { t: 'set', ranges: DOT };
      case '(':
        return this.group();
      case '[':
        return this.charClass();
      case '\\':
        return this.atomEscape();
      case '*':
      case '+':
      case '?':
        throw bad('nothing to repeat');
      default:
        return this.literal(this.codePointAt());
    }
  }

  private literal(cp: number): Node {
    const ranges: Range[] = [[cp, cp]];
    return { t: 'set', ranges: this.ignoreCase ? asciiCaseClosure(ranges) : ranges };
  }

  /** Reads one character, joining a surrogate pair into its code point. */
  private codePointAt(): number {
    const cp = this.p.codePointAt(this.i)!;
    this.i += cp > 0xffff ? 2 : 1;
    return cp;
  }

  private group(): Node {
    this.i++; // (
    if (this.p[this.i] === '?') {
      const rest = this.p.slice(this.i, this.i + 3);
      if (rest.startsWith('?:')) this.i += 2;
      else if (rest === '?<=' || rest === '?<!' || rest.startsWith('?=') || rest.startsWith('?!')) throw bad('lookahead and lookbehind are not supported');
      else if (rest.startsWith('?<')) {
        const end = this.p.indexOf('>', this.i);
        if (end < 0) throw bad('unterminated group name');
        this.i = end + 1;
      } else throw bad('unsupported group');
    }
    const node = this.disjunction();
    if (this.p[this.i] !== ')') throw bad('missing )');
    this.i++;
    return node;
  }

  private atomEscape(): Node {
    const c = this.p[this.i + 1];
    if (c === undefined) throw bad('\\ at end of pattern');
    if (c === 'b' || c === 'B') {
      this.i += 2;
      return { t: 'assert', kind: c === 'b' ? 'word' : 'nonword' };
    }
    const set = classEscape(c);
    if (set) {
      this.i += 2;
      return { t: 'set', ranges: set };
    }
    return this.literal(this.characterEscape(false));
  }

  /** A character escape at this.i (pointing at the backslash); returns the code point. */
  private characterEscape(inClass: boolean): number {
    const c = this.p[this.i + 1];
    const simple: Record<string, number> = { t: 0x09, n: 0x0a, v: 0x0b, f: 0x0c, r: 0x0d };
    if (c in simple) {
      this.i += 2;
      return simple[c];
    }
    if (inClass && c === 'b') {
      this.i += 2;
      return 0x08;
    }
    if (/[0-9]/.test(c)) throw bad(c === '0' ? '\\0 and octal escapes are not supported' : 'backreferences are not supported');
    if (c === 'p' || c === 'P') throw bad('unicode property escapes are not supported');
    if (c === 'k') throw bad('\\k is not supported');
    if (c === 'c') throw bad('\\c control escapes are not supported');
    if (c === 'x') {
      const m = /^[0-9a-fA-F]{2}/.exec(this.p.slice(this.i + 2));
      if (m) {
        this.i += 4;
        return parseInt(m[0], 16);
      }
    }
    if (c === 'u') {
      const m = /^[0-9a-fA-F]{4}/.exec(this.p.slice(this.i + 2));
      if (m) {
        this.i += 6;
        const unit = parseInt(m[0], 16);
        if (unit >= 0xd800 && unit <= 0xdbff) {
          const low = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(this.p.slice(this.i));
          if (!low) throw bad('unpaired surrogate escape');
          this.i += 6;
          return 0x10000 + ((unit - 0xd800) << 10) + (parseInt(low[1], 16) - 0xdc00);
        }
        if (unit >= 0xdc00 && unit <= 0xdfff) throw bad('unpaired surrogate escape');
        return unit;
      }
    }
    // identity escape: the character itself
    this.i += 1;
    return this.codePointAt();
  }

  private charClass(): Node {
    this.i++; // [
    let negate = false;
    if (this.p[this.i] === '^') {
      negate = true;
      this.i++;
    }
    const ranges: Range[] = [];
    while (this.p[this.i] !== ']') {
      if (this.i >= this.p.length) throw bad('missing ]');
      const from = this.classAtom();
      if (this.p[this.i] === '-' && this.p[this.i + 1] !== ']' && this.i + 1 < this.p.length) {
        this.i++;
        const to = this.classAtom();
        if (typeof from === 'number' && typeof to === 'number') {
          if (to < from) throw bad('range out of order in character class');
          ranges.push([from, to]);
        } else {
          // Annex B: a class escape next to "-" makes the "-" literal
          for (const x of [from, to]) {
            if (typeof x === 'number') ranges.push([x, x]);
            else ranges.push(...x);
          }
          ranges.push([0x2d, 0x2d]);
        }
      } else if (typeof from === 'number') ranges.push([from, from]);
      else ranges.push(...from);
    }
    this.i++; // ]
    let set = normalize(ranges);
    if (this.ignoreCase) set = asciiCaseClosure(set);
    return { t: 'set', ranges: negate ? complement(set) : set };
  }

  private classAtom(): number | Range[] {
    if (this.p[this.i] === '\\') {
      const set = classEscape(this.p[this.i + 1]);
      if (set) {
        this.i += 2;
        return set;
      }
      return this.characterEscape(true);
    }
    return this.codePointAt();
  }
}

// ---- cost -------------------------------------------------------------------------------------------------------
// Postgres writes a counted repeat out as that many copies, and pg_trgm's analysis of a pattern for the search index
// (run while planning, not stopped by a statement timeout for tens of seconds) grows with the states that makes. A
// quantifier inside a repeated group multiplies them: ([a-z]{1,255}){1,255} kept a core busy for minutes, and so does
// a repeated group with optional parts, e.g. (?:x?y?z?w?){1,125} or (?:x|y|){1,255}. Without those, a pattern of
// at most MAX_REGEX_EXPANSION pieces is analysed in milliseconds; its matching is stopped by the statement timeout.

/** A quantifier that allows more than one copy (*, +, {n,m} with m > 1); ? and {0,1} only make a part optional. */
const repeats = (node: Node): boolean => node.t === 'repeat' && (node.max === null || node.max > 1);

/** A quantifier that lets the length vary; an exact count {n} is n copies in a row, which the expansion counts. */
function hasQuantifier(node: Node): boolean {
  if (node.t === 'repeat') return node.min !== node.max || hasQuantifier(node.node);
  return node.t === 'group' && node.alts.some((terms) => terms.some(hasQuantifier));
}

function canBeEmpty(node: Node): boolean {
  switch (node.t) {
    case 'set':
      return false;
    case 'assert':
      return true;
    case 'group':
      return node.alts.some((terms) => terms.every(canBeEmpty));
    case 'repeat':
      return node.min === 0 || canBeEmpty(node.node);
  }
}

function expansion(node: Node): number {
  switch (node.t) {
    case 'set':
      return 1;
    case 'assert':
      return 0;
    case 'group':
      return node.alts.reduce((sum, terms) => sum + terms.reduce((s, t) => s + expansion(t), 0), 0);
    case 'repeat':
      return expansion(node.node) * Math.max(node.min, node.max ?? node.min, 1);
  }
}

function checkRepeats(node: Node): void {
  if (node.t === 'group') for (const terms of node.alts) terms.forEach(checkRepeats);
  if (node.t !== 'repeat') return;
  if (repeats(node)) {
    if (hasQuantifier(node.node)) throw bad('a repeated group must not contain another quantifier (like (a+)+)');
    if (canBeEmpty(node.node)) throw bad('a repeated group must not be able to match an empty string');
  }
  checkRepeats(node.node);
}

/** Refuses a pattern whose cost for Postgres is out of proportion (see above). */
function checkCost(tree: Node): void {
  checkRepeats(tree);
  if (expansion(tree) > MAX_REGEX_EXPANSION) {
    throw bad(`the pattern repeats too much (at most ${MAX_REGEX_EXPANSION} characters, counting each repetition)`);
  }
}

// ---- writers ------------------------------------------------------------------------------------------------------

const hex = (n: number, w: number) => n.toString(16).toUpperCase().padStart(w, '0');
const isAlnum = (cp: number) => (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);

const pgChar = (cp: number) => (cp > 0xffff ? `\\U${hex(cp, 8)}` : `\\u${hex(cp, 4)}`);
const jsChar = (cp: number) => `\\u{${hex(cp, 1)}}`;

function writeSet(ranges: Range[], ch: (cp: number) => string, never: string): string {
  const set = emittable(ranges);
  if (set.length === 0) return never;
  if (set.length === 1 && set[0][0] === set[0][1]) return isAlnum(set[0][0]) ? String.fromCodePoint(set[0][0]) : ch(set[0][0]);
  return `[${set.map(([a, b]) => (a === b ? ch(a) : `${ch(a)}-${ch(b)}`)).join('')}]`;
}

function write(node: Node, dialect: 'pg' | 'js'): string {
  switch (node.t) {
    case 'set':
      // a set that nothing can match: only NUL, which no jsonb string holds
      return dialect === 'pg' ? writeSet(node.ranges, pgChar, '\\u0000') : writeSet(node.ranges, jsChar, '[]');
    case 'assert':
      if (node.kind === 'start') return '^';
      if (node.kind === 'end') return '$';
      if (dialect === 'pg') return node.kind === 'word' ? '\\y' : '\\Y';
      return node.kind === 'word' ? '\\b' : '\\B';
    case 'group':
      return `(?:${node.alts.map((terms) => terms.map((t) => write(t, dialect)).join('')).join('|')})`;
    case 'repeat': {
      const q = node.max === null ? (node.min === 0 ? '*' : node.min === 1 ? '+' : `{${node.min},}`) : node.min === node.max ? `{${node.min}}` : `{${node.min},${node.max}}`;
      const inner = write(node.node, dialect);
      // Postgres refuses a quantifier on an empty group; an empty group repeated is still empty.
      return inner === '(?:)' ? inner : `${inner}${q}`;
    }
  }
}

/** Checks a $regex operand and writes it for Postgres and JavaScript; throws a 400 for a bad or unsupported one. */
export function compileRegex(pattern: unknown): CompiledRegex {
  if (typeof pattern !== 'string') throw errors.badRequest('$regex needs a string');
  if (pattern.length > MAX_REGEX_LENGTH) throw bad(`pattern is longer than ${MAX_REGEX_LENGTH} characters`);
  if (pattern.includes('\u0000')) throw bad('pattern must not contain NUL characters');
  const ignoreCase = pattern.startsWith('(?i)');
  const body = ignoreCase ? pattern.slice(4) : pattern;
  try {
    new RegExp(body);
  } catch (e) {
    // also fine when valid as a unicode pattern (e.g. a range between two emoji); the tree works on code points
    try {
      new RegExp(body, 'u');
    } catch {
      throw bad((e as Error).message.replace(/^Invalid regular expression: /, ''));
    }
  }
  const tree = new Parser(body, ignoreCase).parse();
  checkCost(tree);
  return { source: pattern, postgres: write(tree, 'pg'), js: new RegExp(write(tree, 'js'), 'u') };
}
