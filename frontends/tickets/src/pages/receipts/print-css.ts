import { PHONE_MEDIA_QUERY } from '@app/ui';

// The print stylesheet of the receipt pages: a clean A4 page. The shell's chrome (its <header> top bar, <footer>, any
// <nav>) and everything marked .no-print (this module's menu, the Print/PDF buttons) is hidden; the sheet loses its
// on-screen frame. On screen the sheet is an A4-sized preview; on a phone screen it takes the screen's width instead
// (an A4 width there would be cut off or scroll sideways) and its copies grow with their text; what is still too wide
// (a long amount column) scrolls inside .receipt-scroll, not the page. Printing from a phone still gets the A4 layout.
export const PRINT_CSS = `
@page { size: A4; margin: 10mm; }
.receipt-scroll { overflow-x: auto; }
.receipt-sheet {
  width: 210mm; min-height: 297mm; box-sizing: border-box; padding: 10mm; margin: 0 auto;
  background: #fff; color: #000; font-family: Arial, Helvetica, sans-serif; font-size: 10pt; line-height: 1.35;
  box-shadow: 0 1px 4px rgba(0,0,0,.25);
}
.receipt-sheet h1 { font-size: 14pt; margin: 0 0 2mm; }
.receipt-sheet h2 { font-size: 11pt; margin: 3mm 0 1mm; }
.receipt-sheet p { margin: 0 0 1mm; }
.receipt-sheet table { width: 100%; border-collapse: collapse; margin: 2mm 0; }
.receipt-sheet th, .receipt-sheet td { border: 1px solid #999; padding: 1mm 2mm; text-align: left; vertical-align: top; }
.receipt-sheet .num { text-align: right; white-space: nowrap; }
.receipt-head { display: flex; justify-content: space-between; gap: 6mm; border-bottom: 1px solid #000; padding-bottom: 2mm; margin-bottom: 2mm; }
.receipt-shop { font-size: 9pt; }
.receipt-shop strong { font-size: 12pt; }
.receipt-meta { text-align: right; white-space: nowrap; }
.receipt-qr { display: flex; flex-direction: column; align-items: center; gap: .5mm; width: 34mm; flex: none; font-size: 7pt; text-align: center; color: #333; }
.receipt-qr svg { width: 20mm; height: 20mm; }
.receipt-qr .receipt-link { font-size: 6.5pt; color: #000; overflow-wrap: anywhere; }
.receipt-copy { height: 132mm; overflow: hidden; display: flex; flex-direction: column; }
.receipt-copy .receipt-grow { flex: 1; overflow: hidden; }
.receipt-copy-label { font-size: 8pt; text-transform: uppercase; letter-spacing: .05em; color: #444; }
.receipt-cut { border: 0; border-top: 1px dashed #000; margin: 5mm 0; position: relative; }
.receipt-cut::after { content: '\\2702'; position: absolute; left: 0; top: -3.2mm; background: #fff; padding-right: 1mm; font-size: 10pt; }
.receipt-text { white-space: pre-wrap; }
.receipt-signatures { display: flex; gap: 12mm; margin-top: 10mm; }
.receipt-signatures > div { flex: 1; border-top: 1px solid #000; padding-top: 1mm; text-align: center; font-size: 9pt; }
@media screen and ${PHONE_MEDIA_QUERY} {
  .receipt-sheet { width: 100%; min-height: 0; padding: 2mm; font-size: 11pt; }
  .receipt-head { flex-wrap: wrap; }
  .receipt-meta { text-align: left; white-space: normal; }
  .receipt-copy { height: auto; }
  .receipt-copy .receipt-grow { overflow: visible; }
  .receipt-sheet p { overflow-wrap: anywhere; }
  .receipt-sheet table { font-size: 9pt; }
  .receipt-sheet th, .receipt-sheet td { padding: 1mm 1.2mm; }
  .receipt-sheet th.num { white-space: normal; }
  .receipt-signatures { margin-top: 8mm; }
}
@media print {
  header, footer, nav, .no-print, .mantine-AppShell-header { display: none !important; }
  .mantine-AppShell-main { padding: 0 !important; min-height: 0 !important; }
  html, body { background: #fff !important; }
  .receipt-scroll { overflow: visible; }
  .receipt-sheet { width: auto; min-height: 0; padding: 0; margin: 0; box-shadow: none; }
}
`;
