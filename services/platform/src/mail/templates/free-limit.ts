import { FREE_PLAN_RECORDS, Locale } from '@app/proto';
import { APP_NAME, button, greeting, html, layout, MailTemplateDef, RenderedMail } from './template';
import { footerHtml, formatNumber } from './notice-parts';

// The Free-plan limit notice (spec §1, §9: 1,000 records), sent once per crossing to each administrator of a Free group
// whose records reach the limit (services/accounts/src/limit-notices). Values: `name` (the administrator's full name,
// may be empty), `group` (its name), `count` (its records now, digits), `link` (the plans page
// /account/<id>/billing), `dashboard` (the group's dashboard) and `unsubscribe` (stops these notices for this user).

type Vars = Record<'name' | 'group' | 'count' | 'link' | 'dashboard' | 'unsubscribe', string>;

interface Words {
  subject: (group: string) => string;
  hello: string;
  reached: (group: string, count: string, limit: string) => string;
  keeps: string;
  choose: string;
  button: string;
  dashboard: string;
  why: (group: string) => string;
  stop: string;
}

const WORDS: Record<Locale, Words> = {
  en: {
    subject: (group) => `${group} reached the Free plan limit on ${APP_NAME}`,
    hello: 'Hello',
    reached: (group, count, limit) => `The group ${group} now holds ${count} records: the Free plan includes up to ${limit}.`,
    keeps: 'Everything the group holds stays as it is.',
    choose: 'To keep growing, choose the Professional or Corporate plan:',
    button: 'See the plans',
    dashboard: 'Dashboard',
    why: (group) => `You get this notice as an administrator of ${group}, once each time the group reaches the limit.`,
    stop: 'Stop these notices',
  },
  'pt-BR': {
    subject: (group) => `${group} atingiu o limite do plano Gratuito no ${APP_NAME}`,
    hello: 'Olá',
    reached: (group, count, limit) => `O grupo ${group} tem agora ${count} registros: o plano Gratuito inclui até ${limit}.`,
    keeps: 'Tudo o que o grupo guarda continua como está.',
    choose: 'Para continuar crescendo, escolha o plano Profissional ou Corporativo:',
    button: 'Ver os planos',
    dashboard: 'Painel',
    why: (group) => `Você recebe este aviso como administrador de ${group}, uma vez a cada vez que o grupo atinge o limite.`,
    stop: 'Parar estes avisos',
  },
};

function render(locale: Locale, v: Vars): RenderedMail {
  const w = WORDS[locale];
  const count = Number(v.count);
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`count must be a whole number, not ${JSON.stringify(v.count)}`);
  const reached = w.reached(v.group, formatNumber(count, locale), formatNumber(FREE_PLAN_RECORDS, locale));
  const subject = w.subject(v.group);
  return {
    subject,
    text: `${greeting(w.hello, v.name)}

${reached}
${w.keeps}

${w.choose}

${v.link}

${w.dashboard}: ${v.dashboard}

${w.why(v.group)}
${w.stop}: ${v.unsubscribe}
`,
    html: layout(
      subject,
      html`<p>${greeting(w.hello, v.name)}</p>
<p>${reached}</p>
<p>${w.keeps}</p>
<p>${w.choose}</p>
${button(v.link, w.button)}
<p><a href="${v.dashboard}" style="color: #1c7ed6;">${w.dashboard}</a></p>
${footerHtml(w.why(v.group), w.stop, v.unsubscribe)}`,
    ),
  };
}

export const freeLimit: MailTemplateDef<keyof Vars> = {
  vars: ['name', 'group', 'count', 'link', 'dashboard', 'unsubscribe'],
  locales: {
    en: (v) => render('en', v),
    'pt-BR': (v) => render('pt-BR', v),
  },
};
