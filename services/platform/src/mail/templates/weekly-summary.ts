import { Locale, SummaryGroup } from '@app/proto';
import { APP_NAME, greeting, html, layout, MailTemplateDef, RenderedMail } from './template';
import { alignedLines, cell, footerHtml, formatDay, formatNumber, kindName, numberCell } from './notice-parts';

// The weekly summary (spec §1, §9: the last 30 days), sent to each user who has notifications on in at least one group
// with something to tell (services/accounts/src/summaries). Values: `name` (the user's full name, may be empty),
// `from` and `to` (the period, YYYY-MM-DD, both included), `groups` (JSON: SummaryGroup[], one per group), `settings`
// (the memberships page, where the notification switches are) and `unsubscribe` (the one-click link, also a header).

type Vars = Record<'name' | 'from' | 'to' | 'groups' | 'settings' | 'unsubscribe', string>;

interface Words {
  subject: string;
  hello: string;
  intro: (from: string, to: string) => string;
  opened: string;
  closed: string;
  created: string;
  none: string;
  dashboard: string;
  why: string;
  stop: string;
  settings: string;
}

const WORDS: Record<Locale, Words> = {
  en: {
    subject: `Your ${APP_NAME} summary of the last 30 days`,
    hello: 'Hello',
    intro: (from, to) => `Here is what happened in your groups from ${from} to ${to}.`,
    opened: 'Tickets opened',
    closed: 'Tickets closed',
    created: 'Records created',
    none: 'No new records',
    dashboard: 'Open the dashboard',
    why: 'You get this summary because notifications are on for these groups.',
    stop: 'Stop the weekly summary',
    settings: 'Notification switches of your memberships',
  },
  'pt-BR': {
    subject: `Seu resumo do ${APP_NAME} dos últimos 30 dias`,
    hello: 'Olá',
    intro: (from, to) => `Veja o que aconteceu nos seus grupos de ${from} a ${to}.`,
    opened: 'Chamados abertos',
    closed: 'Chamados encerrados',
    created: 'Registros criados',
    none: 'Nenhum registro novo',
    dashboard: 'Abrir o painel',
    why: 'Você recebe este resumo porque as notificações estão ligadas nestes grupos.',
    stop: 'Parar o resumo semanal',
    settings: 'Notificações das suas participações',
  },
};

function parseGroups(value: string): SummaryGroup[] {
  return SummaryGroup.array().parse(JSON.parse(value));
}

function render(locale: Locale, v: Vars): RenderedMail {
  const w = WORDS[locale];
  const groups = parseGroups(v.groups);
  const n = (x: number) => formatNumber(x, locale);
  const intro = w.intro(formatDay(v.from, locale), formatDay(v.to, locale));

  const textGroups = groups.map((g) => {
    const rows: Array<[string, string]> = [
      [w.opened, n(g.opened)],
      [w.closed, n(g.closed)],
    ];
    const records = g.records.length ? `${w.created}:\n${alignedLines(g.records.map((r) => [kindName(r.klass, locale), n(r.count)]), '    ')}` : w.none;
    return `${g.name}\n${'-'.repeat(Math.min(g.name.length, 60))}\n${alignedLines(rows)}\n  ${records}\n  ${w.dashboard}: ${g.link}`;
  });

  const htmlGroups = groups.map(
    (g) => html`<h2 style="font-size: 17px; margin: 28px 0 8px;"><a href="${g.link}" style="color: #222; text-decoration: none;">${g.name}</a></h2>
<table style="border-collapse: collapse; width: 100%; font-size: 15px;">
<tr><td style="${cell}">${w.opened}</td><td style="${numberCell}"><strong>${n(g.opened)}</strong></td></tr>
<tr><td style="${cell}">${w.closed}</td><td style="${numberCell}"><strong>${n(g.closed)}</strong></td></tr>
${
  g.records.length
    ? html`<tr><td colspan="2" style="${cell} color: #666; font-size: 13px; padding-top: 14px;">${w.created}</td></tr>
${g.records.map((r) => html`<tr><td style="${cell} padding-left: 20px;">${kindName(r.klass, locale)}</td><td style="${numberCell}">${n(r.count)}</td></tr>\n`)}`
    : html`<tr><td colspan="2" style="${cell} color: #666;">${w.none}</td></tr>`
}
</table>
<p style="margin: 8px 0 0;"><a href="${g.link}" style="color: #1c7ed6;">${w.dashboard}</a></p>`,
  );

  return {
    subject: w.subject,
    text: `${greeting(w.hello, v.name)}

${intro}

${textGroups.join('\n\n')}

${w.why}
${w.settings}: ${v.settings}
${w.stop}: ${v.unsubscribe}
`,
    html: layout(
      w.subject,
      html`<p>${greeting(w.hello, v.name)}</p>
<p>${intro}</p>
${htmlGroups}
${footerHtml(w.why, w.stop, v.unsubscribe)}
<p style="color: #666; font-size: 13px;"><a href="${v.settings}" style="color: #1c7ed6;">${w.settings}</a></p>`,
    ),
  };
}

export const weeklySummary: MailTemplateDef<keyof Vars> = {
  vars: ['name', 'from', 'to', 'groups', 'settings', 'unsubscribe'],
  locales: {
    en: (v) => render('en', v),
    'pt-BR': (v) => render('pt-BR', v),
  },
};
