// Text in a named charset, decoded the way browsers do (the WHATWG Encoding Standard), through one function for every
// service that reads bytes from outside (bank statements, feeds, bookmarked pages).
//
// Node 20.18.3+ decodes 'windows-1252' (and its labels 'iso-8859-1', 'latin1', 'ascii'… which browsers read as
// windows-1252) as Latin-1 (nodejs/node#56542, #60888): bytes 0x80–0x9F come out as C1 controls instead of – “ ” € ….
// Those characters are mapped back with the standard's table (the five bytes it leaves undefined map to themselves).
// Harmless once Node is fixed.

const CP1252_C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c,
  0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** The C1 characters Node's windows-1252 decoder leaves, as the characters windows-1252 means by those bytes. */
export function fixWindows1252(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (c) => String.fromCharCode(CP1252_C1[c.charCodeAt(0) - 0x80]));
}

/** The encoding a label names (`ISO-8859-1` → `windows-1252`), or undefined for a label no browser knows. */
export function encodingOf(label: string): string | undefined {
  try {
    return new TextDecoder(label.trim().toLowerCase()).encoding;
  } catch {
    return undefined;
  }
}

/**
 * `bytes` decoded in the encoding `label` names (a BOM is dropped), as a browser would. `fatal`: throw a TypeError on
 * bytes that are not valid in it (UTF-8 checks). Throws a RangeError for an unknown label.
 */
export function decodeText(bytes: Uint8Array, label: string, opts: { fatal?: boolean } = {}): string {
  const decoder = new TextDecoder(label.trim().toLowerCase(), { fatal: opts.fatal ?? false });
  const text = decoder.decode(bytes);
  return decoder.encoding === 'windows-1252' ? fixWindows1252(text) : text;
}
