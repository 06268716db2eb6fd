import { DEFAULT_MAX_VERSIONS, DRIVE_STORAGE_BYTES, isDirKind } from '@app/proto';

// Pure rules of the disk: versions kept, room left on the plan, content types, moves, restore names.

/** Versions a file keeps: its max_versions, else the default (spec §9: the last 3). */
export function versionsKept(doc: Record<string, unknown> | null | undefined): number {
  const n = doc?.max_versions;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : DEFAULT_MAX_VERSIONS;
}

/** The plan's drive storage in bytes (decimal units); an unknown plan gets the free plan's. */
export function quotaOf(plan: string | undefined | null): number {
  return DRIVE_STORAGE_BYTES[plan ?? 'free'] ?? DRIVE_STORAGE_BYTES.free;
}

/** Bytes still free; never negative. */
export function roomLeft(quota: number, used: number): number {
  return Math.max(0, quota - used);
}

const SIZE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** A size in decimal units, as the messages say it (1 kB = 1000 B): `1.5 MB`. */
export function decimalSize(bytes: number): string {
  let n = bytes;
  let unit = 0;
  while (n >= 1000 && unit < SIZE_UNITS.length - 1) {
    n /= 1000;
    unit++;
  }
  return `${unit === 0 ? n : n.toFixed(n < 10 ? 1 : 0)} ${SIZE_UNITS[unit]}`;
}

/** The reason of a 507: what the upload needs, what is left (`reserved`: what resumable uploads in progress hold). */
export function quotaReason(needed: number, quota: number, used: number, reserved = 0): string {
  const held = reserved > 0 ? ` (uploads in progress hold ${decimalSize(reserved)})` : '';
  return `Not enough space on this group's disk: the file needs ${decimalSize(needed)} and ${decimalSize(roomLeft(quota, used + reserved))} of ${decimalSize(quota)} is free${held}. Delete files or empty the trash, or choose a larger plan.`;
}

/**
 * A folder may not go into itself or into a folder inside it: `targetAncestors` is the target folder and its ancestors
 * (the target first).
 */
export function movesIntoItself(id: string, targetAncestors: ReadonlyArray<{ id: string }>): boolean {
  return targetAncestors.some((a) => a.id === id);
}

/** The name an entry restored from the trash takes when its old name is taken in the folder: `a (restored).txt`. */
export function restoredName(name: string, attempt: number, kind: string): string {
  const suffix = attempt <= 1 ? ' (restored)' : ` (restored ${attempt})`;
  const dot = isDirKind(kind) ? -1 : name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)}${suffix}${name.slice(dot)}` : `${name}${suffix}`;
}

/** A content type to store: the client's when it is a plausible media type, else guessed from the name's extension. */
export function contentTypeOf(declared: string | undefined | null, guess: string | false): string {
  const type = declared?.split(';')[0].trim().toLowerCase();
  if (type && /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type) && type !== 'application/octet-stream') return type;
  return guess || 'application/octet-stream';
}

/** Types a browser may show inline from our origin: images and PDFs; anything else downloads (no HTML, no SVG). */
export { inlineSafe } from '@app/proto';

/**
 * The Content-Disposition of a download (RFC 6266): an ASCII fallback name (quotes, backslashes, controls and non-ASCII
 * replaced) and the exact name in `filename*` (RFC 8187), so every browser saves it under its real name.
 */
export function contentDisposition(name: string, type: 'inline' | 'attachment'): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
