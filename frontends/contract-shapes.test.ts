import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The contract lives in proto/ only: a frontend module that declares a type, an interface, a schema or a constant list
// under the name of one of proto's exports has written the shape again by hand (and will drift from it). Import it from
// @app/proto instead (`import type` when only the type is needed; a constant needed at run time whose module would
// bundle proto's zod schemas is written out under another name with `satisfies typeof X`, which the compiler checks).

const ROOT = path.resolve(__dirname, '..');
const PROTO = path.join(ROOT, 'proto/src');
const FRONTENDS = path.join(ROOT, 'frontends');

const EXPORTED = /^export\s+(?:declare\s+)?(?:type|interface|const|enum|class|function)\s+([A-Za-z_$][\w$]*)/gm;
/**
 * A module-level declaration (at the start of a line) of `name`: an interface, a type alias, an enum or class, or a
 * constant when the name is a schema's or a list's (PascalCase, UPPER_CASE); camelCase functions are rules, not shapes.
 */
const declaration = (name: string) =>
  new RegExp(
    String.raw`^(?:export\s+)?(?:declare\s+)?(?:interface\s+${name}\b|type\s+${name}\s*[<=]|enum\s+${name}\b|class\s+${name}\b` +
      (/^[A-Z]/.test(name) ? String.raw`|(?:const|let|var)\s+${name}\s*[:=]` : '') +
      ')',
    'm',
  );

/** The names proto/src exports (specs left out). */
export function protoNames(dir = PROTO): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.ts') || file.endsWith('.spec.ts')) continue;
    for (const m of readFileSync(path.join(dir, file), 'utf8').matchAll(EXPORTED)) names.add(m[1]);
  }
  return names;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|tsx)$/.test(entry.name) && full.split(path.sep).includes('src')) out.push(full);
  }
  return out;
}

/** `file: name` for every declaration in the frontends' sources under one of proto's names. */
export function redeclared(names: Set<string>, files = sourceFiles(FRONTENDS)): string[] {
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const name of names) if (declaration(name).test(text)) found.push(`${path.relative(ROOT, file)}: ${name}`);
  }
  return found.sort();
}

describe('the contract is declared once, in proto', () => {
  it("finds proto's exported names (types, interfaces, schemas, constants)", () => {
    const names = protoNames();
    for (const name of ['SubscriptionDoc', 'SessionReply', 'WriteReply', 'FindQuery', 'DocMeta', 'Phone', 'TicketDoc', 'HttpApi', 'TICKET_STATUSES']) expect(names).toContain(name);
  });

  it('notices a re-declared shape: an interface, a type alias or a constant under a proto name', () => {
    const names = new Set(['SubscriptionDoc', 'WriteReply', 'TICKET_STATUSES', 'errors']);
    const check = (body: string) => [...names].filter((n) => declaration(n).test(body));
    expect(check('export interface SubscriptionDoc {\n  _id: string;\n}')).toEqual(['SubscriptionDoc']);
    expect(check('type WriteReply<T = unknown> = { ok: true };')).toEqual(['WriteReply']);
    expect(check("export const TICKET_STATUSES = ['open'] as const;")).toEqual(['TICKET_STATUSES']);
    expect(check("import type { SubscriptionDoc, WriteReply } from '@app/proto';\nconst docs: SubscriptionDoc[] = [];")).toEqual([]);
    // a local variable inside a function, and a camelCase module constant, are not shapes
    expect(check('function f() {\n  const errors = {};\n  type WriteReply = 1;\n}\nexport const errors = {};')).toEqual([]);
  });

  it('no frontend source re-declares a shape proto exports', () => {
    expect(redeclared(protoNames())).toEqual([]);
  });

  it("the browser's entry re-exports every proto module but subjects (which reads process.env)", () => {
    const modules = (file: string) => [...readFileSync(path.join(PROTO, file), 'utf8').matchAll(/^export \* from '\.\/([\w-]+)';/gm)].map((m) => m[1]);
    expect(modules('browser.ts').sort()).toEqual(modules('index.ts').filter((m) => m !== 'subjects').sort());
  });
});
