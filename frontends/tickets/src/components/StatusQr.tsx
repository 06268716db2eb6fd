import type { QrPath } from '@app/proto';

const QUIET = 4;

/** A status link's QR code, drawn from the path the server gives (its dark modules), with a white quiet zone. */
export function StatusQr({ qr, label, size }: { qr: QrPath; label: string; size?: number | string }) {
  const side = qr.size + 2 * QUIET;
  return (
    <svg viewBox={`0 0 ${side} ${side}`} width={size} height={size} role="img" aria-label={label} shapeRendering="crispEdges" data-testid="status-qr">
      <rect width={side} height={side} fill="#fff" />
      <path d={qr.path} transform={`translate(${QUIET} ${QUIET})`} fill="#000" />
    </svg>
  );
}
