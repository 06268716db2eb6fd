import QRCode from 'qrcode';
import type { QrPath } from '@app/proto';

// The QR code of a status link (the `qrcode` package encodes; error correction M, about 15 % of the code may be
// smudged on a printed receipt). Drawn as runs of dark modules per row: one rectangle per run on the PDF, one
// sub-path per run in the SVG path the web app draws.

/** A dark run: row, first column, length (modules). */
export type QrRun = [row: number, col: number, length: number];

export interface QrRuns {
  /** modules per side, without the quiet zone */
  size: number;
  runs: QrRun[];
}

export function qrRuns(text: string): QrRuns {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const runs: QrRun[] = [];
  for (let row = 0; row < size; row++) {
    let start = -1;
    for (let col = 0; col <= size; col++) {
      const dark = col < size && modules.get(row, col) === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        runs.push([row, start, col - start]);
        start = -1;
      }
    }
  }
  return { size, runs };
}

/** An SVG path of the dark modules (viewBox `0 0 size size`; the page adds the quiet zone). */
export function qrPath(text: string): QrPath {
  const { size, runs } = qrRuns(text);
  return { size, path: runs.map(([row, col, n]) => `M${col} ${row}h${n}v1h-${n}z`).join('') };
}
