import PDFDocument from 'pdfkit';
import type { QrRuns } from '../status-links/qr';
import { ReceiptLabels, receiptLabels } from './receipt-i18n';
import type { ContractReceiptModel, EstimateModel, PartyModel, ReceiptModel, ServiceReceiptModel, ShopHeader } from './receipt-model';

// The layout of the three receipt PDFs (A4, the standard Helvetica fonts): a pure function of the plain model, so it
// is tested without a database. The service receipt is the same copy twice on one page with a dashed cut line
// between; the contract receipt and the estimate flow over as many pages as their items need.

type Doc = PDFKit.PDFDocument;

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const LEFT = MARGIN;
const RIGHT = PAGE.width - MARGIN;
const WIDTH = RIGHT - LEFT;
const BOTTOM = PAGE.height - MARGIN;

const INK = '#111111';
const MUTED = '#555555';
const RULE = '#999999';
const SHADE = '#eeeeee';

export interface RenderOptions {
  /** deflate the content streams (default true); tests turn it off to read the text back */
  compress?: boolean;
}

// cp1252 characters above U+00FF that the standard fonts can draw (pdfkit maps them)
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the standard (WinAnsi) fonts can draw: unusual spaces become spaces, control characters go, and any character
 * those fonts lack becomes '?' (rather than a wrong glyph).
 */
export function pdfText(s: string): string {
  let out = '';
  for (const ch of s.normalize('NFC')) {
    const c = ch.codePointAt(0)!;
    if (ch === '\n') out += ch;
    else if (ch === '\t' || /\s/u.test(ch)) out += ' ';
    else if (c < 0x20 || (c >= 0x7f && c < 0xa0)) continue;
    else if (c <= 0xff || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else out += '?';
  }
  return out;
}

/** Renders a receipt model to PDF bytes. */
export function renderReceipt(model: ReceiptModel, opts: RenderOptions = {}): Promise<Buffer> {
  const labels = receiptLabels(model.locale);
  const title = titleOf(model, labels);
  const doc = new PDFDocument({
    size: 'A4',
    // the layout places every line itself (room() starts new pages); a small bottom margin keeps pdfkit from
    // starting pages of its own when a line is drawn near the foot of the sheet
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 4 },
    compress: opts.compress ?? true,
    info: { Title: pdfText(title), Author: pdfText(model.shop.name), Creator: 'ServiceDesk' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fillColor(INK).strokeColor(INK).lineWidth(0.7);
  if (model.kind === 'service') drawServiceReceipt(doc, model, labels);
  else if (model.kind === 'contract') drawContractReceipt(doc, model, labels);
  else drawEstimate(doc, model, labels);
  doc.end();
  return done;
}

function titleOf(model: ReceiptModel, l: ReceiptLabels): string {
  if (model.kind === 'service') return `${l.serviceReceipt} ${model.number}`;
  if (model.kind === 'contract') return `${l.contractReceipt} - ${l.ticket} ${model.ticketNumber}`;
  return `${l.estimate} ${model.number}`;
}

// ---- drawing helpers ------------------------------------------------------------------------------------------

interface TextBox {
  x: number;
  y: number;
  width: number;
  /** at most this tall; what does not fit ends in an ellipsis */
  maxHeight?: number;
  size: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

/** Writes `text` in a box and answers the height it took. */
function put(doc: Doc, text: string, box: TextBox): number {
  const s = pdfText(text);
  if (!s) return 0;
  doc.font(box.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(box.size).fillColor(box.color ?? INK);
  const options = { width: box.width, align: box.align ?? 'left', lineGap: 1 } as PDFKit.Mixins.TextOptions;
  let height = doc.heightOfString(s, options);
  // never past the foot of the page, where pdfkit would carry the text over to a new one
  const maxHeight = Math.min(box.maxHeight ?? Infinity, PAGE.height - 6 - box.y);
  if (height > maxHeight) {
    // whole lines only, so the last one shown ends in the ellipsis instead of being cut through
    const line = doc.currentLineHeight(true) + 1;
    height = Math.max(line, Math.floor(maxHeight / line) * line);
    Object.assign(options, { height, ellipsis: true });
  }
  doc.text(s, box.x, box.y, options);
  doc.fillColor(INK);
  return height;
}

/** A small grey caption above a value; answers the height of both. */
function field(doc: Doc, caption: string, value: string, box: Omit<TextBox, 'size'> & { size?: number }): number {
  put(doc, caption.toUpperCase(), { x: box.x, y: box.y, width: box.width, size: 6.5, color: MUTED, bold: true });
  const h = put(doc, value || '-', { ...box, y: box.y + 9, size: box.size ?? 9.5, maxHeight: box.maxHeight });
  return 9 + Math.max(h, 11);
}

function rule(doc: Doc, y: number, x1 = LEFT, x2 = RIGHT, color = RULE): void {
  doc.save().strokeColor(color).lineWidth(0.6).moveTo(x1, y).lineTo(x2, y).stroke().restore();
}

/** The shop's name and contacts at the top left; answers its bottom. */
function shopHeader(doc: Doc, shop: ShopHeader, x: number, y: number, width: number, maxContactLines: number): number {
  let bottom = y + put(doc, shop.name, { x, y, width, size: 13, bold: true, maxHeight: 17 }) + 2;
  const lines = [...shop.addresses, shop.phones.join('  ·  ')].filter(Boolean).slice(0, maxContactLines);
  for (const line of lines) bottom += put(doc, line, { x, y: bottom, width, size: 7.5, color: MUTED, maxHeight: 9 });
  return bottom;
}

/** Signature lines side by side, centred, with their captions under them, the lines at `y`. */
function signatures(doc: Doc, y: number, captions: string[]): void {
  const gap = 40;
  const w = Math.min(230, (WIDTH - gap * (captions.length - 1)) / captions.length);
  const start = LEFT + (WIDTH - (w * captions.length + gap * (captions.length - 1))) / 2;
  captions.forEach((caption, i) => {
    const x = start + i * (w + gap);
    rule(doc, y, x, x + w, INK);
    put(doc, caption, { x, y: y + 3, width: w, size: 7.5, color: MUTED, align: 'center' });
  });
}

function customerFields(doc: Doc, party: PartyModel | null, l: ReceiptLabels, y: number): number {
  const h1 = field(doc, l.customer, party?.name ?? '', { x: LEFT, y, width: 250, maxHeight: 24 });
  const h2 = field(doc, l.document, party?.document ?? '', { x: LEFT + 262, y, width: 140, maxHeight: 24 });
  const h3 = field(doc, l.email, party?.email ?? '', { x: LEFT + 414, y, width: WIDTH - 414, maxHeight: 24, size: 8.5 });
  return Math.max(h1, h2, h3);
}

/** A new page when fewer than `needed` points are left; answers where to go on. */
function room(doc: Doc, y: number, needed: number): number {
  if (y + needed <= BOTTOM) return y;
  doc.addPage();
  return MARGIN;
}

// ---- service receipt: the same copy twice ----------------------------------------------------------------------

function drawServiceReceipt(doc: Doc, m: ServiceReceiptModel, l: ReceiptLabels): void {
  const middle = PAGE.height / 2;
  serviceCopy(doc, m, l, MARGIN - 8, middle - 14, l.shopCopy);
  // the cut line across the whole sheet, with its caption in a gap
  const caption = pdfText(l.cutHere);
  doc.font('Helvetica').fontSize(6.5);
  const cw = doc.widthOfString(caption) + 12;
  const cx = (PAGE.width - cw) / 2;
  doc.save().strokeColor(MUTED).lineWidth(0.6).dash(4, { space: 3 });
  doc.moveTo(12, middle).lineTo(cx, middle).stroke();
  doc.moveTo(cx + cw, middle).lineTo(PAGE.width - 12, middle).stroke();
  doc.undash().restore();
  put(doc, caption, { x: cx, y: middle - 3, width: cw, size: 6.5, color: MUTED, align: 'center' });
  serviceCopy(doc, m, l, middle + 14, PAGE.height - MARGIN + 8, l.customerCopy);
}

/** The status page's QR code: one rectangle per run of dark modules, drawn in module units (`side` points wide). */
export function drawQr(doc: Doc, qr: QrRuns, x: number, y: number, side: number): void {
  doc.save().translate(x, y).scale(side / qr.size).fillColor(INK);
  for (const [row, col, n] of qr.runs) doc.rect(col, row, n, 1);
  doc.fill().restore();
}

const QR_SIDE = 50;

function serviceCopy(doc: Doc, m: ServiceReceiptModel, l: ReceiptLabels, top: number, bottom: number, copy: string): void {
  const rightW = 190;
  const rightX = RIGHT - rightW;
  // the status page's QR code between the shop and the receipt's number, its address under the copy's name
  const link = m.statusLink;
  const qrW = link ? QR_SIDE + 12 : 0;
  const headerBottom = shopHeader(doc, m.shop, LEFT, top, WIDTH - rightW - 12 - qrW, 3);
  let qrBottom = top;
  if (link) {
    const qx = rightX - 12 - QR_SIDE;
    drawQr(doc, link.qr, qx, top, QR_SIDE);
    qrBottom = top + QR_SIDE + 1 + put(doc, l.followOnline, { x: qx - 6, y: top + QR_SIDE + 1, width: QR_SIDE + 12, size: 5.5, color: MUTED, align: 'center', maxHeight: 7 });
  }
  let ry = top;
  ry += put(doc, l.serviceReceipt, { x: rightX, y: ry, width: rightW, size: 10, bold: true, align: 'right' });
  ry += put(doc, `${l.ticket} ${m.number}`, { x: rightX, y: ry + 1, width: rightW, size: 15, bold: true, align: 'right' }) + 1;
  ry += put(doc, m.date, { x: rightX, y: ry, width: rightW, size: 8.5, align: 'right' });
  ry += put(doc, copy, { x: rightX, y: ry + 1, width: rightW, size: 7.5, color: MUTED, align: 'right' });
  if (link) ry += 1 + put(doc, link.url, { x: rightX, y: ry + 1, width: rightW, size: 6.5, align: 'right', maxHeight: 16 });

  let y = Math.max(headerBottom, ry, qrBottom) + 5;
  rule(doc, y);
  y += 6;
  if (m.title) y += put(doc, m.title, { x: LEFT, y, width: WIDTH, size: 10, bold: true, maxHeight: 13 }) + 5;
  y += customerFields(doc, m.customer, l, y) + 5;

  const eq = m.equipment;
  const identifier = eq ? [eq.identifier, eq.description].filter(Boolean).join(' - ') : '';
  const h1 = field(doc, l.equipment, identifier, { x: LEFT, y, width: 250, maxHeight: 24 });
  const h2 = field(doc, l.maker, eq?.maker ?? '', { x: LEFT + 262, y, width: 140, maxHeight: 24 });
  const h3 = field(doc, l.status, m.status, { x: LEFT + 414, y, width: WIDTH - 414, bold: true });
  y += Math.max(h1, h2, h3) + 5;

  // signatures sit at the bottom of the copy; the receipt text above them; the problems share what is left
  const signY = bottom - 18;
  const textH = m.shop.receiptText ? 30 : 0;
  const textY = signY - 30 - textH;
  const blocks: [string, string][] = [[l.reportedProblem, m.reported]];
  if (m.found) blocks.push([l.foundProblem, m.found]);
  if (m.equipmentObservation) blocks.push([l.equipmentObservation, m.equipmentObservation]);
  doc.font('Helvetica').fontSize(9);
  const needs = blocks.map(([, text]) => doc.heightOfString(pdfText(text || '-'), { width: WIDTH, lineGap: 1 }));
  const heights = fill(needs, textY - y - 4 - blocks.length * 13);
  blocks.forEach(([caption, text], i) => {
    y += field(doc, caption, text, { x: LEFT, y, width: WIDTH, maxHeight: Math.max(11, heights[i]), size: 9 }) + 4;
  });
  if (textH) put(doc, m.shop.receiptText, { x: LEFT, y: textY, width: WIDTH, size: 7, color: MUTED, maxHeight: textH });
  signatures(doc, signY, [l.customerSignature, l.shopSignature]);
}

/**
 * Shares `space` among blocks that need `needs` points: a block needing less than an equal share gets what it needs,
 * the others split what is left equally (so a short found problem leaves room to a long reported one).
 */
export function fill(needs: number[], space: number): number[] {
  const out = needs.map(() => 0);
  let open = needs.map((_, i) => i);
  let left = Math.max(0, space);
  while (open.length) {
    const share = left / open.length;
    const small = open.filter((i) => needs[i] <= share);
    if (!small.length) {
      for (const i of open) out[i] = share;
      break;
    }
    for (const i of small) {
      out[i] = needs[i];
      left -= needs[i];
    }
    open = open.filter((i) => needs[i] > share);
  }
  return out;
}

// ---- contract receipt --------------------------------------------------------------------------------------------

function pageHeader(doc: Doc, shop: ShopHeader, title: string, number: string, date: string): number {
  const rightW = 200;
  const rightX = RIGHT - rightW;
  const headerBottom = shopHeader(doc, shop, LEFT, MARGIN, WIDTH - rightW - 12, 5);
  let ry = MARGIN;
  ry += put(doc, title, { x: rightX, y: ry, width: rightW, size: 11, bold: true, align: 'right' });
  ry += put(doc, number, { x: rightX, y: ry + 1, width: rightW, size: 16, bold: true, align: 'right' }) + 1;
  ry += put(doc, date, { x: rightX, y: ry, width: rightW, size: 9, align: 'right' });
  const y = Math.max(headerBottom, ry) + 8;
  rule(doc, y);
  return y + 10;
}

function drawContractReceipt(doc: Doc, m: ContractReceiptModel, l: ReceiptLabels): void {
  let y = pageHeader(doc, m.shop, l.contractReceipt, `${l.ticket} ${m.ticketNumber}`, m.date);
  if (m.ticketTitle) y += put(doc, m.ticketTitle, { x: LEFT, y, width: WIDTH, size: 10, bold: true, maxHeight: 26 }) + 6;
  y += customerFields(doc, m.customer, l, y) + 8;
  const c = m.contract;
  y += field(doc, l.contract, c?.description ?? '', { x: LEFT, y, width: 340, maxHeight: 60 }) + 6;
  y += field(doc, l.paymentKind, c?.paymentKind ?? '', { x: LEFT, y, width: 340, maxHeight: 24 }) + 10;

  // items: number and content
  const numW = 60;
  const head = (at: number) => {
    doc.save().rect(LEFT, at, WIDTH, 16).fill(SHADE).restore();
    put(doc, l.itemNumber, { x: LEFT + 6, y: at + 4, width: numW - 10, size: 8, bold: true });
    put(doc, l.itemContent, { x: LEFT + numW, y: at + 4, width: WIDTH - numW - 6, size: 8, bold: true });
    return at + 20;
  };
  y = head(room(doc, y, 60));
  const items = c?.items ?? [];
  if (!items.length) y += put(doc, l.noItems, { x: LEFT + 6, y, width: WIDTH - 12, size: 9, color: MUTED }) + 6;
  for (const item of items) {
    doc.font('Helvetica').fontSize(9);
    const h = Math.max(12, doc.heightOfString(pdfText(item.content || '-'), { width: WIDTH - numW - 6, lineGap: 1 }));
    if (y + h + 4 > BOTTOM) y = head(MARGIN + (doc.addPage(), 0));
    put(doc, item.number, { x: LEFT + 6, y, width: numW - 10, size: 9 });
    put(doc, item.content || '-', { x: LEFT + numW, y, width: WIDTH - numW - 6, size: 9 });
    y += h + 4;
    rule(doc, y - 2, LEFT, RIGHT, SHADE);
  }
  y += 10;
  if (m.shop.receiptText) {
    doc.font('Helvetica').fontSize(8);
    y = room(doc, y, doc.heightOfString(pdfText(m.shop.receiptText), { width: WIDTH, lineGap: 1 }) + 70);
    y += put(doc, m.shop.receiptText, { x: LEFT, y, width: WIDTH, size: 8, color: MUTED }) + 10;
  }
  y = room(doc, y, 60);
  signatures(doc, Math.max(y + 36, Math.min(BOTTOM - 20, y + 80)), [l.customerSignature, l.shopSignature]);
}

// ---- estimate ------------------------------------------------------------------------------------------------------

function drawEstimate(doc: Doc, m: EstimateModel, l: ReceiptLabels): void {
  let y = pageHeader(doc, m.shop, l.estimate, m.number, m.date);
  y += customerFields(doc, m.customer, l, y) + 8;
  if (m.ticketNumber) y += field(doc, l.ticket, m.ticketNumber, { x: LEFT, y, width: 200 }) + 6;
  if (m.description) y += field(doc, l.description, m.description, { x: LEFT, y, width: WIDTH, maxHeight: 80 }) + 10;

  // items: description | quantity | unit value | amount, numbers right-aligned
  const cols = { qty: 60, unit: 90, amount: 95 };
  const descW = WIDTH - cols.qty - cols.unit - cols.amount - 12;
  const xQty = LEFT + 6 + descW;
  const xUnit = xQty + cols.qty;
  const xAmount = xUnit + cols.unit;
  const head = (at: number) => {
    doc.save().rect(LEFT, at, WIDTH, 16).fill(SHADE).restore();
    put(doc, l.description, { x: LEFT + 6, y: at + 4, width: descW - 6, size: 8, bold: true });
    put(doc, l.quantity, { x: xQty, y: at + 4, width: cols.qty - 6, size: 8, bold: true, align: 'right' });
    put(doc, l.unitValue, { x: xUnit, y: at + 4, width: cols.unit - 6, size: 8, bold: true, align: 'right' });
    put(doc, l.amount, { x: xAmount, y: at + 4, width: cols.amount - 6, size: 8, bold: true, align: 'right' });
    return at + 20;
  };
  y = head(room(doc, y, 60));
  if (!m.items.length) y += put(doc, l.noItems, { x: LEFT + 6, y, width: descW, size: 9, color: MUTED }) + 6;
  for (const item of m.items) {
    doc.font('Helvetica').fontSize(9);
    const h = Math.max(12, doc.heightOfString(pdfText(item.description || '-'), { width: descW - 6, lineGap: 1 }));
    if (y + h + 4 > BOTTOM) y = head(MARGIN + (doc.addPage(), 0));
    put(doc, item.description || '-', { x: LEFT + 6, y, width: descW - 6, size: 9 });
    put(doc, item.quantity, { x: xQty, y, width: cols.qty - 6, size: 9, align: 'right' });
    put(doc, item.unitValue, { x: xUnit, y, width: cols.unit - 6, size: 9, align: 'right' });
    put(doc, item.amount, { x: xAmount, y, width: cols.amount - 6, size: 9, align: 'right' });
    y += h + 4;
    rule(doc, y - 2, LEFT, RIGHT, SHADE);
  }
  y = room(doc, y + 2, 24);
  rule(doc, y, xUnit - 40, RIGHT, INK);
  put(doc, l.total, { x: xUnit - 40, y: y + 5, width: cols.unit + 34, size: 10, bold: true, align: 'right' });
  put(doc, m.total, { x: xAmount, y: y + 5, width: cols.amount - 6, size: 10, bold: true, align: 'right' });
  y += 28;

  for (const [caption, text] of [
    [l.observation, m.observation],
    ['', m.shop.estimateText],
  ] as const) {
    if (!text) continue;
    doc.font('Helvetica').fontSize(9);
    y = room(doc, y, Math.min(doc.heightOfString(pdfText(text), { width: WIDTH, lineGap: 1 }) + 24, BOTTOM - MARGIN));
    y += caption ? field(doc, caption, text, { x: LEFT, y, width: WIDTH, size: 9 }) + 8 : put(doc, text, { x: LEFT, y, width: WIDTH, size: 8, color: MUTED }) + 8;
  }
  y = room(doc, y, 60);
  signatures(doc, Math.max(y + 36, Math.min(BOTTOM - 20, y + 70)), [l.customerSignature]);
}
