import { inflateSync } from 'zlib';

// Reads the text back out of a PDF that pdfkit wrote: each `[<hex> kern <hex> …] TJ` of its content streams (inflated
// when compressed) is one line of WinAnsi-encoded text. Enough for tests; not a PDF parser.

// WinAnsi is Latin-1 but for 0x80–0x9F (Node's TextDecoder may decode 'windows-1252' as plain Latin-1)
const HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = { decode: (b: Buffer) => [...b].map((c) => (c >= 0x80 && c <= 0x9f ? HIGH[c - 0x80] : String.fromCharCode(c))).join('') };

/** The lines of text in drawing order, joined by newlines. */
export function pdfLines(pdf: Buffer): string[] {
  const source = contentOf(pdf);
  const lines: string[] = [];
  for (const m of source.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
    lines.push(winAnsi.decode(Buffer.from(hex, 'hex')));
  }
  return lines;
}

export function pdfTextOf(pdf: Buffer): string {
  return pdfLines(pdf).join('\n');
}

/** How many times `needle` occurs in the text (whitespace runs as one space, so wrapped phrases count too). */
export function occurrences(text: string, needle: string): number {
  const flat = text.replace(/\s+/g, ' ');
  needle = needle.replace(/\s+/g, ' ');
  let n = 0;
  for (let i = flat.indexOf(needle); i !== -1; i = flat.indexOf(needle, i + needle.length)) n++;
  return n;
}

/** The number of pages. */
export function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}

/** The PDF as Latin-1 text with its deflated streams inflated in place. */
export function pdfContent(pdf: Buffer): string {
  return contentOf(pdf);
}

function contentOf(pdf: Buffer): string {
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('\nstream\n', at);
    if (start === -1) break;
    const end = pdf.indexOf('\nendstream', start);
    if (end === -1) break;
    const data = pdf.subarray(start + 8, end);
    let text: string;
    try {
      text = inflateSync(data).toString('latin1');
    } catch {
      text = data.toString('latin1');
    }
    parts.push(pdf.subarray(at, start + 8).toString('latin1'), text);
    at = end;
  }
  parts.push(pdf.subarray(at).toString('latin1'));
  return parts.join('');
}
