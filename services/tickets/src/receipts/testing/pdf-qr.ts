import jsQR from 'jsqr';
import { pdfContent } from './pdf-text';

// Reads the QR codes back out of a receipt PDF, as a phone would read the printed sheet: every run of module-sized
// rectangles that receipt-pdf.ts's drawQr wrote (`<col> <row> <n> 1 re` … `f`, in module units) is painted onto a
// white bitmap with a quiet zone and handed to jsQR, a QR decoder of its own (not the encoder that drew it).

const MODULE_PX = 6;
const QUIET = 4;

/** The runs of each QR code drawn on the PDF, in drawing order. */
export function qrRunsOf(pdf: Buffer): Array<Array<[number, number, number]>> {
  const codes: Array<Array<[number, number, number]>> = [];
  for (const block of pdfContent(pdf).matchAll(/((?:\d+ \d+ \d+ 1 re\s+)+)f\b/g)) {
    const runs = [...block[1].matchAll(/(\d+) (\d+) (\d+) 1 re/g)].map((m) => [Number(m[2]), Number(m[1]), Number(m[3])] as [number, number, number]);
    if (runs.length > 20) codes.push(runs); // a QR code, not a table's shading
  }
  return codes;
}

/** Decodes runs of dark modules ([row, col, length]) with jsQR; null when it reads nothing. */
export function decodeRuns(runs: Array<[number, number, number]>): string | null {
  const size = Math.max(...runs.map(([row, col, n]) => Math.max(row + 1, col + n)));
  const side = (size + 2 * QUIET) * MODULE_PX;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [row, col, n] of runs) {
    for (let y = (row + QUIET) * MODULE_PX; y < (row + QUIET + 1) * MODULE_PX; y++) {
      for (let x = (col + QUIET) * MODULE_PX; x < (col + QUIET + n) * MODULE_PX; x++) {
        const i = (y * side + x) * 4;
        rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
      }
    }
  }
  return jsQR(rgba, side, side)?.data ?? null;
}

/** What every QR code on the PDF says. */
export function decodeQrCodes(pdf: Buffer): Array<string | null> {
  return qrRunsOf(pdf).map(decodeRuns);
}
