// JSON values as Postgres jsonb sees them, for the in-memory evaluator: the type names of jsonb_typeof(), deep
// equality like jsonb `=`, and string order by code point (what a database with LC_COLLATE 'C' gives for jsonb strings).

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** jsonb_typeof() of a value; undefined for a missing value or something JSON cannot hold. */
export function jsonType(v: unknown): JsonType | undefined {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isFinite(v) ? 'number' : undefined;
    case 'string':
      return 'string';
    case 'object':
      return Array.isArray(v) ? 'array' : 'object';
    default:
      return undefined;
  }
}

/** Deep equality as jsonb `=`: numbers by value, object keys in any order, arrays in order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const ta = jsonType(a);
  if (ta === undefined || ta !== jsonType(b)) return false;
  if (ta === 'array') {
    const x = a as unknown[];
    const y = b as unknown[];
    return x.length === y.length && x.every((v, i) => jsonEqual(v, y[i]));
  }
  if (ta === 'object') {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    const kx = Object.keys(x);
    if (kx.length !== Object.keys(y).length) return false;
    return kx.every((k) => Object.prototype.hasOwnProperty.call(y, k) && jsonEqual(x[k], y[k]));
  }
  return false; // scalars of the same type that are not === (numbers: -0 === 0 already)
}

/** Compares two strings by Unicode code point, like memcmp on UTF-8 (collation "C"). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (U+D800–DFFF, only in pairs for code points above U+FFFF) sorts after every other BMP unit.
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}
