import { compileRegex } from '@app/platform';
import { MAPPING_WATCHED_CHARS } from '@app/proto';

// The regex watch kind of mapping rules (issue 14 item 5: "bounded so a pathological pattern can't stall the
// service"). A pattern is checked by the platform's $regex rules (at most 200 characters, no nested quantifier, no
// backreference or lookaround, at most 1000 pieces once counted repeats are written out) and then run here by a
// Thompson NFA over at most the first 1000 characters of a field, never by the backtracking RegExp engine: the
// platform's static checks leave patterns like (a|a)*$ or \d*\d*\d*$ that backtrack exponentially or polynomially
// (25 characters took 5 s), while simulating the automaton costs at most characters × states, whatever the pattern.
// Matching ignores case (the character, its lower and its upper case are tried against each set).

export const MAX_REGEX_WATCH_LENGTH = 200;
/** the characters of a field a regex looks at (the browser's preview looks at as many) */
export const WATCHED_CHARS = MAPPING_WATCHED_CHARS;

type Range = [number, number];
type Node =
  | { t: 'set'; ranges: Range[] }
  | { t: 'assert'; kind: '^' | '$' | 'b' | 'B' }
  | { t: 'alt'; alts: Node[][] }
  | { t: 'repeat'; node: Node; min: number; max: number | null };

// ---- parser of the platform's JavaScript output ------------------------------------------------------------------

// compileRegex writes a small regular subset of JavaScript syntax: (?:…|…), sets as alphanumeric literals, \u{HEX}
// or [\u{A}-\u{B}…], the assertions ^ $ \b \B and the quantifiers * + {n} {n,} {n,m}. Anything else is refused, so a
// change of that writer fails closed (and its tests say so).
class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i !== this.s.length) throw new Error(`unexpected ${this.s[this.i]}`);
    return node;
  }

  private alternation(): Node {
    const alts: Node[][] = [this.sequence()];
    while (this.s[this.i] === '|') {
      this.i++;
      alts.push(this.sequence());
    }
    return { t: 'alt', alts };
  }

  private sequence(): Node[] {
    const terms: Node[] = [];
    while (this.i < this.s.length && this.s[this.i] !== '|' && this.s[this.i] !== ')') {
      let node = this.atom();
      for (let q = this.quantifier(); q; q = this.quantifier()) node = { t: 'repeat', node, ...q };
      terms.push(node);
    }
    return terms;
  }

  private quantifier(): { min: number; max: number | null } | null {
    const c = this.s[this.i];
    if (c === '*' || c === '+' || c === '?') {
      this.i++;
      return { min: c === '+' ? 1 : 0, max: c === '?' ? 1 : null };
    }
    if (c !== '{') return null;
    const m = /^\{(\d+)(,(\d*))?\}/.exec(this.s.slice(this.i));
    if (!m) throw new Error('bad quantifier');
    this.i += m[0].length;
    const min = Number(m[1]);
    return { min, max: m[2] === undefined ? min : m[3] === '' ? null : Number(m[3]) };
  }

  private atom(): Node {
    const c = this.s[this.i];
    if (c === '(') {
      if (this.s.slice(this.i, this.i + 3) !== '(?:') throw new Error('unexpected group');
      this.i += 3;
      const node = this.alternation();
      if (this.s[this.i] !== ')') throw new Error('unclosed group');
      this.i++;
      return node;
    }
    if (c === '^' || c === '$') {
      this.i++;
      return { t: 'assert', kind: c };
    }
    if (c === '[') {
      this.i++;
      const ranges: Range[] = [];
      while (this.s[this.i] !== ']') {
        if (this.i >= this.s.length) throw new Error('unclosed set');
        const a = this.char();
        let b = a;
        if (this.s[this.i] === '-' && this.s[this.i + 1] !== ']') {
          this.i++;
          b = this.char();
        }
        ranges.push([a, b]);
      }
      this.i++;
      return { t: 'set', ranges };
    }
    if (c === '\\' && (this.s[this.i + 1] === 'b' || this.s[this.i + 1] === 'B')) {
      this.i += 2;
      return { t: 'assert', kind: this.s[this.i - 1] as 'b' | 'B' };
    }
    const cp = this.char();
    return { t: 'set', ranges: [[cp, cp]] };
  }

  private char(): number {
    const m = /^\\u\{([0-9A-Fa-f]{1,6})\}/.exec(this.s.slice(this.i, this.i + 10));
    if (m) {
      this.i += m[0].length;
      return parseInt(m[1], 16);
    }
    const c = this.s[this.i];
    if (!c || !/[0-9A-Za-z]/.test(c)) throw new Error(`unexpected ${c ?? 'end'}`);
    this.i++;
    return c.charCodeAt(0);
  }
}

// ---- automaton ---------------------------------------------------------------------------------------------------

type Inst =
  | { op: 'set'; ranges: Range[]; next: number }
  | { op: 'split'; a: number; b: number }
  | { op: 'jmp'; to: number }
  | { op: 'assert'; kind: '^' | '$' | 'b' | 'B'; next: number }
  | { op: 'match' };

/** Writes the node's instructions; every `next`/`to` of -1 is patched to what follows. */
function emit(node: Node, prog: Inst[]): void {
  switch (node.t) {
    case 'set':
      prog.push({ op: 'set', ranges: node.ranges, next: prog.length + 1 });
      return;
    case 'assert':
      prog.push({ op: 'assert', kind: node.kind, next: prog.length + 1 });
      return;
    case 'alt': {
      const jumps: number[] = [];
      node.alts.forEach((terms, k) => {
        const split = prog.length;
        if (k < node.alts.length - 1) prog.push({ op: 'split', a: split + 1, b: -1 });
        for (const t of terms) emit(t, prog);
        if (k < node.alts.length - 1) {
          jumps.push(prog.length);
          prog.push({ op: 'jmp', to: -1 });
          (prog[split] as { b: number }).b = prog.length;
        }
      });
      for (const j of jumps) (prog[j] as { to: number }).to = prog.length;
      return;
    }
    case 'repeat': {
      for (let k = 0; k < node.min; k++) emit(node.node, prog);
      if (node.max === null) {
        // loop: split(body, out); body; jmp split
        const split = prog.length;
        prog.push({ op: 'split', a: split + 1, b: -1 });
        emit(node.node, prog);
        prog.push({ op: 'jmp', to: split });
        (prog[split] as { b: number }).b = prog.length;
        return;
      }
      const splits: number[] = [];
      for (let k = node.min; k < node.max; k++) {
        splits.push(prog.length);
        prog.push({ op: 'split', a: prog.length + 1, b: -1 });
        emit(node.node, prog);
      }
      for (const s of splits) (prog[s] as { b: number }).b = prog.length;
      return;
    }
  }
}

const isWord = (cp: number) => (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || cp === 0x5f || (cp >= 0x61 && cp <= 0x7a);

// Case variants of a code point beyond ASCII (its lower and its upper case when each is one code point), from the
// runtime's case mapping, cached.
const variantCache = new Map<number, [number, number]>();
function variants(cp: number): [number, number] {
  let v = variantCache.get(cp);
  if (!v) {
    const c = String.fromCodePoint(cp);
    const one = (s: string) => ([...s].length === 1 ? s.codePointAt(0)! : cp);
    v = [one(c.toLowerCase()), one(c.toUpperCase())];
    if (variantCache.size < 10_000) variantCache.set(cp, v);
  }
  return v;
}

const OP_SET = 0;
const OP_SPLIT = 1;
const OP_JMP = 2;
const OP_ASSERT = 3;
const OP_MATCH = 4;
const ASSERTS = { '^': 0, $: 1, b: 2, B: 3 } as const;

/** A set as a bitmap of its ASCII part and flat [from, to] pairs of the rest. */
interface CodeSet {
  ascii: Uint32Array;
  ranges: number[];
}
function codeSet(ranges: Range[]): CodeSet {
  const ascii = new Uint32Array(4);
  const rest: number[] = [];
  for (const [a, b] of ranges) {
    for (let cp = a; cp <= Math.min(b, 0x7f); cp++) ascii[cp >> 5] |= 1 << (cp & 31);
    if (b >= 0x80) rest.push(Math.max(a, 0x80), b);
  }
  return { ascii, ranges: rest };
}
function inSet(set: CodeSet, cp: number): boolean {
  if (cp < 0x80) return (set.ascii[cp >> 5] & (1 << (cp & 31))) !== 0;
  const r = set.ranges;
  for (let k = 0; k < r.length; k += 2) if (cp >= r[k] && cp <= r[k + 1]) return true;
  return false;
}

/**
 * The program as flat arrays, and the buffers one run uses (reused: a run never calls another). Runs the NFA Pike's
 * way without captures: the threads at a position are a set of program counters, each advanced by the character.
 */
class Automaton {
  private readonly op: Uint8Array;
  private readonly a: Int32Array;
  private readonly b: Int32Array;
  private readonly sets: CodeSet[] = [];
  private readonly seen: Int32Array;
  private readonly stack: Int32Array;
  private clist: Int32Array;
  private nlist: Int32Array;
  private readonly cps = new Int32Array(WATCHED_CHARS);
  private stamp = 0;
  /** the pattern starts with ^: no match starts after position 0 */
  private readonly anchored: boolean;

  constructor(prog: Inst[]) {
    const n = prog.length;
    this.op = new Uint8Array(n);
    this.a = new Int32Array(n);
    this.b = new Int32Array(n);
    prog.forEach((inst, pc) => {
      switch (inst.op) {
        case 'set':
          this.op[pc] = OP_SET;
          this.a[pc] = inst.next;
          this.b[pc] = this.sets.push(codeSet(inst.ranges)) - 1;
          break;
        case 'split':
          this.op[pc] = OP_SPLIT;
          this.a[pc] = inst.a;
          this.b[pc] = inst.b;
          break;
        case 'jmp':
          this.op[pc] = OP_JMP;
          this.a[pc] = inst.to;
          break;
        case 'assert':
          this.op[pc] = OP_ASSERT;
          this.a[pc] = inst.next;
          this.b[pc] = ASSERTS[inst.kind];
          break;
        case 'match':
          this.op[pc] = OP_MATCH;
          break;
      }
    });
    this.anchored = this.op[0] === OP_ASSERT && this.b[0] === ASSERTS['^'];
    this.seen = new Int32Array(n);
    // every instruction is expanded once per position and pushes at most two others
    this.stack = new Int32Array(2 * n + 1);
    this.clist = new Int32Array(n);
    this.nlist = new Int32Array(n);
  }

  test(text: string): boolean {
    // code points of the first WATCHED_CHARS characters
    const cps = this.cps;
    const end = Math.min(text.length, WATCHED_CHARS);
    let n = 0;
    for (let i = 0; i < end; i++) {
      let cp = text.charCodeAt(i);
      if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < end) {
        const lo = text.charCodeAt(i + 1);
        if (lo >= 0xdc00 && lo <= 0xdfff) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
          i++;
        }
      }
      cps[n++] = cp;
    }
    this.seen.fill(0);
    this.stamp = 1;
    let count = this.add(this.clist, 0, 0, 0, n);
    if (count < 0) return true;
    for (let i = 0; i < n; i++) {
      this.stamp = i + 2;
      const cp = cps[i];
      let lower = cp;
      let upper = cp;
      if (cp >= 0x41 && cp <= 0x5a) lower = cp + 32;
      else if (cp >= 0x61 && cp <= 0x7a) upper = cp - 32;
      else if (cp >= 0x80) [lower, upper] = variants(cp);
      let next = 0;
      for (let k = 0; k < count; k++) {
        const pc = this.clist[k];
        const set = this.sets[this.b[pc]];
        if (inSet(set, cp) || (lower !== cp && inSet(set, lower)) || (upper !== cp && inSet(set, upper))) {
          next = this.add(this.nlist, next, this.a[pc], i + 1, n);
          if (next < 0) return true;
        }
      }
      // a match may start at any position: the start state joins the threads (unless the pattern starts with ^)
      if (!this.anchored) {
        next = this.add(this.nlist, next, 0, i + 1, n);
        if (next < 0) return true;
      } else if (next === 0) return false;
      const swap = this.clist;
      this.clist = this.nlist;
      this.nlist = swap;
      count = next;
    }
    return false;
  }

  /** Adds start and what it reaches without reading at position i to list (from index size); -1 when that matches. */
  private add(list: Int32Array, size: number, start: number, i: number, n: number): number {
    const { op, a, b, seen, stack, stamp, cps } = this;
    let top = 0;
    stack[top++] = start;
    while (top > 0) {
      const pc = stack[--top];
      if (seen[pc] === stamp) continue;
      seen[pc] = stamp;
      switch (op[pc]) {
        case OP_MATCH:
          return -1;
        case OP_SET:
          list[size++] = pc;
          break;
        case OP_JMP:
          stack[top++] = a[pc];
          break;
        case OP_SPLIT:
          stack[top++] = b[pc];
          stack[top++] = a[pc];
          break;
        case OP_ASSERT: {
          const kind = b[pc];
          const holds =
            kind === 0 ? i === 0 : kind === 1 ? i === n : ((i > 0 && isWord(cps[i - 1])) !== (i < n && isWord(cps[i]))) === (kind === 2);
          if (holds) stack[top++] = a[pc];
          break;
        }
      }
    }
    return size;
  }
}

export interface RegexWatch {
  source: string;
  /** whether the pattern occurs in the first WATCHED_CHARS characters of text, ignoring case */
  test(text: string): boolean;
}

/**
 * A pattern for the regex watch, or the field message key saying why not: 'is-too-long' over 200 characters,
 * 'is-invalid' when JavaScript refuses it or the platform finds it costly or unsupported.
 */
export function compileRegexWatch(pattern: string): RegexWatch | 'is-too-long' | 'is-invalid' {
  if (pattern.length > MAX_REGEX_WATCH_LENGTH) return 'is-too-long';
  let automaton: Automaton;
  try {
    const tree = new Parser(compileRegex(pattern).js.source).parse();
    const prog: Inst[] = [];
    emit(tree, prog);
    prog.push({ op: 'match' });
    automaton = new Automaton(prog);
  } catch {
    return 'is-invalid';
  }
  return { source: pattern, test: (text) => automaton.test(text) };
}
