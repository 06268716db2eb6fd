import { createHash } from 'crypto';
import { escapeHtml as e } from '@app/platform';
import { STATUS_NOTE_MAX, STATUS_PAGE_PREFIX, StatusPageEstimate, StatusPageLocale, StatusPageView, TicketStatus } from '@app/proto';

// The customer's status page of a ticket (issue 31), written by the server: plain HTML and one small stylesheet in the
// page (its hash is the only style source the page's CSP allows), no script, nothing loaded from anywhere, phone
// first, light and dark from the system's preference. It shows what the tickets service put in the view and nothing
// else; every text is escaped here.

// ---- words -------------------------------------------------------------------------------------------------------

interface Words {
  ticket: string;
  equipment: string;
  progress: string;
  estimate: string;
  item: string;
  amount: string;
  total: string;
  noItems: string;
  pending: string;
  note: string;
  approve: string;
  decline: string;
  approvedOn: string;
  declinedOn: string;
  yourNote: string;
  thanksApproved: string;
  thanksDeclined: string;
  answered: string;
  changed: string;
  stale: string;
  badForm: string;
  noEstimate: string;
  noteTooLong: string;
  badInput: string;
  untilOpen: string;
  untilDate: string;
  notFoundTitle: string;
  notFound: string;
  tooManyTitle: string;
  tooMany: string;
  unavailableTitle: string;
  unavailable: string;
  language: string;
  statuses: Record<TicketStatus, string>;
}

const WORDS: Record<StatusPageLocale, Words> = {
  en: {
    ticket: 'Ticket',
    equipment: 'Equipment',
    progress: 'Progress',
    estimate: 'Estimate',
    item: 'Item',
    amount: 'Amount',
    total: 'Total',
    noItems: 'No items',
    pending: 'Please approve or decline this estimate: your answer reaches the shop at once. Once sent, it can only be changed by talking to the shop.',
    note: 'Note for the shop (optional)',
    approve: 'Approve',
    decline: 'Decline',
    approvedOn: 'Approved on {date}',
    declinedOn: 'Declined on {date}',
    yourNote: 'Your note:',
    thanksApproved: 'Thank you: estimate #{n} is approved. The shop has been told.',
    thanksDeclined: 'Estimate #{n} is declined. The shop has been told.',
    answered: 'This estimate was answered already; the answer cannot be changed here.',
    changed: 'The shop changed this estimate after you opened the page. Here it is as it is now: please look at it again.',
    stale: 'This page was open for a long time. Here it is again: please answer once more.',
    badForm: 'This answer could not be accepted. Please answer with the buttons of this page.',
    noEstimate: 'This estimate is not on this page.',
    noteTooLong: `The note is too long: at most ${STATUS_NOTE_MAX} characters.`,
    badInput: 'The answer could not be read. Please use the buttons of this page.',
    untilOpen: 'This page works until {days} days after the repair is finished.',
    untilDate: 'This page works until {date}.',
    notFoundTitle: 'Page not found',
    notFound: 'This page does not exist or is no longer available. Ask the shop for a new link.',
    tooManyTitle: 'Too many requests',
    tooMany: 'Too many requests from your connection. Please try again in a few minutes.',
    unavailableTitle: 'Not available right now',
    unavailable: 'This page cannot be shown right now. Please try again in a moment.',
    language: 'Language',
    statuses: { open: 'Received', block: 'On hold', doing: 'In repair', review: 'Being checked', done: 'Ready', cancel: 'Cancelled' },
  },
  'pt-BR': {
    ticket: 'Chamado',
    equipment: 'Equipamento',
    progress: 'Andamento',
    estimate: 'Orçamento',
    item: 'Item',
    amount: 'Valor',
    total: 'Total',
    noItems: 'Nenhum item',
    pending: 'Aprove ou recuse este orçamento: sua resposta chega à loja na hora. Depois de enviada, só pode ser mudada falando com a loja.',
    note: 'Observação para a loja (opcional)',
    approve: 'Aprovar',
    decline: 'Recusar',
    approvedOn: 'Aprovado em {date}',
    declinedOn: 'Recusado em {date}',
    yourNote: 'Sua observação:',
    thanksApproved: 'Obrigado: o orçamento #{n} foi aprovado. A loja já foi avisada.',
    thanksDeclined: 'O orçamento #{n} foi recusado. A loja já foi avisada.',
    answered: 'Este orçamento já foi respondido; a resposta não pode ser mudada aqui.',
    changed: 'A loja alterou este orçamento depois que você abriu a página. Ele está abaixo como está agora: confira de novo.',
    stale: 'Esta página ficou aberta por muito tempo. Ela está aqui de novo: responda mais uma vez.',
    badForm: 'Esta resposta não pôde ser aceita. Responda pelos botões desta página.',
    noEstimate: 'Este orçamento não está nesta página.',
    noteTooLong: `A observação é longa demais: no máximo ${STATUS_NOTE_MAX} caracteres.`,
    badInput: 'Não foi possível ler a resposta. Use os botões desta página.',
    untilOpen: 'Esta página funciona até {days} dias depois que o conserto fica pronto.',
    untilDate: 'Esta página funciona até {date}.',
    notFoundTitle: 'Página não encontrada',
    notFound: 'Esta página não existe ou não está mais disponível. Peça um novo link à loja.',
    tooManyTitle: 'Muitas solicitações',
    tooMany: 'Muitas solicitações da sua conexão. Tente de novo em alguns minutos.',
    unavailableTitle: 'Indisponível no momento',
    unavailable: 'Não foi possível mostrar esta página agora. Tente de novo em instantes.',
    language: 'Idioma',
    statuses: { open: 'Recebido', block: 'Em espera', doing: 'Em conserto', review: 'Em verificação', done: 'Pronto', cancel: 'Cancelado' },
  },
};

export type NoticeKind = 'thanksApproved' | 'thanksDeclined' | 'answered' | 'changed' | 'stale' | 'badForm' | 'noEstimate' | 'noteTooLong' | 'badInput';

export interface Notice {
  kind: NoticeKind;
  /** the estimate's number */
  n?: number;
}

// ---- the stylesheet ------------------------------------------------------------------------------------------------

export const STATUS_PAGE_CSS = `:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--ink:#1a1b1e;--muted:#55585e;--line:#dcdfe3;--accent:#1864ab;--ok:#2b8a3e;--no:#c92a2a;--warn:#8f5200;--on:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#141517;--card:#212226;--ink:#e9ecef;--muted:#aeb0b5;--line:#3a3d44;--accent:#74c0fc;--ok:#8ce99a;--no:#ffa8a8;--warn:#ffd8a8;--on:#141517}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;-webkit-text-size-adjust:100%}
.wrap{max-width:40rem;margin:0 auto;padding:1rem}
header{padding:.25rem 0 1rem}
h1{font-size:1.4rem;line-height:1.25;margin:0}
h2{font-size:1.2rem;line-height:1.3;margin:.1rem 0 .5rem}
h3{font-size:1rem;margin:1rem 0 .25rem}
.contact{margin:.35rem 0 0;padding:0;list-style:none;color:var(--muted);font-size:.92rem}
.contact a{color:var(--accent)}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1rem;margin:0 0 1rem}
.eyebrow{margin:0;color:var(--muted);font-size:.85rem;font-weight:600;letter-spacing:.03em;text-transform:uppercase}
.meta{margin:.25rem 0}
.status{display:inline-block;margin:.25rem 0;padding:.2rem .75rem;border-radius:999px;font-weight:700;background:var(--accent);color:var(--on)}
.s-done{background:var(--ok)}.s-cancel{background:var(--muted)}.s-block{background:var(--warn)}
ol{list-style:none;margin:.5rem 0 0;padding:0 0 0 1rem;border-left:2px solid var(--line)}
li{margin:0 0 .6rem}
time{display:block;color:var(--muted);font-size:.85rem}
table{width:100%;border-collapse:collapse;margin:.5rem 0}
th,td{padding:.45rem .2rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
th{font-size:.85rem;color:var(--muted)}
.n{text-align:right;white-space:nowrap}
.q{display:block;color:var(--muted);font-size:.85rem}
tfoot td{font-weight:700;border-bottom:0;font-size:1.05rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
textarea{display:block;width:100%;min-height:4.5rem;font:inherit;padding:.5rem;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--ink)}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin:.75rem 0 0}
button{flex:1 1 8rem;min-height:48px;font:inherit;font-weight:700;border-radius:8px;border:2px solid var(--ok);background:var(--ok);color:var(--on);cursor:pointer}
button.no{background:transparent;border-color:var(--no);color:var(--no)}
button:focus-visible,a:focus-visible,textarea:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.hint{color:var(--muted);font-size:.92rem;margin:.5rem 0 0}
.answer{font-weight:700;margin:.5rem 0 0}.ok{color:var(--ok)}.no{color:var(--no)}
.notice{background:var(--card);border:1px solid var(--line);border-left:5px solid var(--ok);border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem}
.notice.err{border-left-color:var(--no)}
footer{color:var(--muted);font-size:.88rem;padding:0 0 2rem}
footer a{color:var(--accent)}
@media (min-width:40rem){.wrap{padding:2rem 1rem}h1{font-size:1.6rem}}`;

/** The CSP source of the stylesheet above: the page allows this style and nothing else. */
export const STATUS_PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(STATUS_PAGE_CSS).digest('base64')}'`;

// ---- formatting ------------------------------------------------------------------------------------------------------

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

/** A moment in the link's time zone: "2026-11-26 14:05" (en), "26/11/2026 14:05" (pt-BR). */
export function formatMoment(iso: string, locale: StatusPageLocale, timeZone: string, withTime = true): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(d);
  } catch {
    return formatMoment(iso, locale, 'UTC', withTime);
  }
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  const day = locale === 'pt-BR' ? `${p('day')}/${p('month')}/${p('year')}` : `${p('year')}-${p('month')}-${p('day')}`;
  return withTime ? `${day} ${p('hour')}:${p('minute')}` : day;
}

/** A phone number as a tel: link (digits and a leading +). */
function phoneLink(line: string): string {
  const number = line.split(' (')[0];
  const tel = number.replace(/[^\d+]/g, '');
  return tel.length >= 3 ? `<a href="tel:${e(tel)}">${e(number)}</a>${e(line.slice(number.length))}` : e(line);
}

// ---- pages ---------------------------------------------------------------------------------------------------------

function page(locale: StatusPageLocale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<title>${e(title)}</title>
<style>${STATUS_PAGE_CSS}</style>
</head>
<body>
<div class="wrap">
${body}
</div>
</body>
</html>
`;
}

export interface ViewPageInput {
  view: StatusPageView;
  /** the link's token: the address of the page's form and language links */
  token: string;
  /** the language the address asked for (`?lang=`), kept on the form */
  lang: StatusPageLocale | null;
  notice?: Notice;
}

/** The page of a live link. */
export function statusPage({ view, token, lang, notice }: ViewPageInput): string {
  const locale = view.locale;
  const w = WORDS[locale];
  const at = (iso: string, withTime = true) => formatMoment(iso, locale, view.time_zone, withTime);
  const self = `${STATUS_PAGE_PREFIX}${encodeURIComponent(token)}`;
  const action = lang ? `${self}?lang=${lang}` : self;
  const t = view.ticket;

  const contact = [...view.shop.phones.map(phoneLink), ...view.shop.addresses.map(e)];
  const header = `<header>
<h1>${e(view.shop.name)}</h1>
${contact.length ? `<ul class="contact">${contact.map((c) => `<li>${c}</li>`).join('')}</ul>` : ''}
</header>`;

  const noticeHtml = notice ? noticeOf(notice, w) : '';

  const events = [...t.events].reverse(); // newest first: the current status on top
  const ticket = `<section class="card" aria-labelledby="ticket">
<p class="eyebrow">${e(w.ticket)} #${t.number}</p>
<h2 id="ticket">${e(t.title)}</h2>
${t.equipment ? `<p class="meta">${e(w.equipment)}: ${e(t.equipment)}</p>` : ''}
<p class="status s-${t.status}">${e(w.statuses[t.status])}</p>
<h3>${e(w.progress)}</h3>
<ol>${events.map((ev) => `<li><time datetime="${e(ev.at)}">${e(at(ev.at))}</time>${e(w.statuses[ev.status])}</li>`).join('')}</ol>
</section>`;

  const estimates = view.estimates.map((est) => estimateCard(est, w, at, action)).join('\n');

  const until = view.expires_at ? fill(w.untilDate, { date: at(view.expires_at, false) }) : fill(w.untilOpen, { days: view.days_after_done });
  const languages = (['en', 'pt-BR'] as const).map((l) => (l === locale ? `<strong>${l === 'en' ? 'English' : 'Português'}</strong>` : `<a href="${self}?lang=${l}" hreflang="${l}" lang="${l}">${l === 'en' ? 'English' : 'Português'}</a>`));
  const footer = `<footer>
<p>${e(until)}</p>
<p>${e(w.language)}: ${languages.join(' · ')}</p>
</footer>`;

  return page(locale, `${w.ticket} #${t.number} · ${view.shop.name}`, [header, noticeHtml, '<main>', ticket, estimates, '</main>', footer].filter(Boolean).join('\n'));
}

function noticeOf(notice: Notice, w: Words): string {
  const ok = notice.kind === 'thanksApproved' || notice.kind === 'thanksDeclined';
  const text = fill(w[notice.kind], { n: notice.n ?? '' });
  return `<p class="notice${ok ? '' : ' err'}" role="${ok ? 'status' : 'alert'}">${e(text)}</p>`;
}

function estimateCard(est: StatusPageEstimate, w: Words, at: (iso: string, withTime?: boolean) => string, action: string): string {
  const rows = est.items.length
    ? est.items
        .map((i) => `<tr><td>${e(i.description || '-')}<span class="q">${e(i.quantity)} × ${e(i.unit_value)}</span></td><td class="n">${e(i.amount)}</td></tr>`)
        .join('')
    : `<tr><td colspan="2">${e(w.noItems)}</td></tr>`;
  const table = `<table>
<thead><tr><th scope="col">${e(w.item)}</th><th scope="col" class="n">${e(w.amount)}</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><td>${e(w.total)}</td><td class="n">${e(est.total)}</td></tr></tfoot>
</table>`;
  let answer: string;
  if (est.answer) {
    const approved = est.answer.decision === 'approved';
    answer = `<p class="answer ${approved ? 'ok' : 'no'}">${e(fill(approved ? w.approvedOn : w.declinedOn, { date: at(est.answer.at) }))}</p>${
      est.answer.note ? `<p class="hint">${e(w.yourNote)} ${e(est.answer.note)}</p>` : ''
    }`;
  } else {
    const id = `note-${est.number}`;
    answer = `<form method="post" action="${e(action)}">
<input type="hidden" name="estimate" value="${est.number}">
<input type="hidden" name="form" value="${e(est.form ?? '')}">
<p class="hint">${e(w.pending)}</p>
<label for="${id}">${e(w.note)}</label>
<textarea id="${id}" name="note" maxlength="${STATUS_NOTE_MAX}" rows="3"></textarea>
<div class="actions"><button type="submit" name="decision" value="approved">${e(w.approve)}</button><button type="submit" name="decision" value="declined" class="no">${e(w.decline)}</button></div>
</form>`;
  }
  return `<section class="card" aria-labelledby="estimate-${est.number}">
<p class="eyebrow">${e(w.estimate)} #${est.number}</p>
${est.description ? `<h2 id="estimate-${est.number}">${e(est.description)}</h2>` : `<h2 id="estimate-${est.number}">${e(w.estimate)} #${est.number}</h2>`}
${table}
${answer}
</section>`;
}

export type ProblemKind = 'notFound' | 'tooMany' | 'unavailable';

/** The page of every refused link (unknown, revoked, expired, malformed: the same page) and of the other failures. */
export function problemPage(kind: ProblemKind, locale: StatusPageLocale): string {
  const w = WORDS[locale];
  const title = w[`${kind}Title`];
  return page(locale, title, `<main class="card">
<h1>${e(title)}</h1>
<p>${e(w[kind])}</p>
</main>`);
}

/** The page's language from the address (`?lang=en|pt-BR`), or null. */
export function langOf(lang: unknown): StatusPageLocale | null {
  if (typeof lang !== 'string') return null;
  if (/^pt([-_]|$)/i.test(lang)) return 'pt-BR';
  if (/^en([-_]|$)/i.test(lang)) return 'en';
  return null;
}

/** A refused link's language: the address's, else the browser's first, else English (it names no group). */
export function problemLocale(lang: unknown, acceptLanguage: unknown): StatusPageLocale {
  const asked = langOf(lang);
  if (asked) return asked;
  const first = typeof acceptLanguage === 'string' ? acceptLanguage.split(',')[0]?.split(';')[0]?.trim() : '';
  return /^pt/i.test(first ?? '') ? 'pt-BR' : 'en';
}
