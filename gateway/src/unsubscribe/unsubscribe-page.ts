import { escapeHtml, mailLocale } from '@app/platform';
import type { Locale, UnsubscribePurpose } from '@app/proto';

// The small pages of a mailed unsubscribe link (GET /mail/unsubscribe: confirm; POST: done), in the mail's language:
// plain HTML with its styles inline, no script, nothing loaded from elsewhere (the app's CSP allows inline styles).

export type PageState = 'confirm' | 'already' | 'done' | 'invalid' | 'unavailable';

interface Words {
  title: Record<UnsubscribePurpose, string>;
  confirm: Record<UnsubscribePurpose, string>;
  button: string;
  already: string;
  done: Record<UnsubscribePurpose, string>;
  again: string;
  invalid: string;
  unavailable: string;
  home: string;
}

const WORDS: Record<Locale, Words> = {
  en: {
    title: { 'weekly-summary': 'Weekly summary', 'free-limit': 'Free plan limit notices' },
    confirm: {
      'weekly-summary': 'Stop the weekly summary? Notifications will be switched off in all your groups.',
      'free-limit': 'Stop the notices that a group you administer reached the Free plan limit?',
    },
    button: 'Unsubscribe',
    already: 'You are already unsubscribed.',
    done: {
      'weekly-summary': 'Done: you will not get the weekly summary any more.',
      'free-limit': 'Done: you will not get Free plan limit notices any more.',
    },
    again: 'You can switch notifications on again in your memberships.',
    invalid: 'This unsubscribe link is not valid. Open the link from the latest mail, or change your notifications in your memberships.',
    unavailable: 'We could not do this right now, please try again later.',
    home: 'Open ServiceDesk',
  },
  'pt-BR': {
    title: { 'weekly-summary': 'Resumo semanal', 'free-limit': 'Avisos de limite do plano Gratuito' },
    confirm: {
      'weekly-summary': 'Parar o resumo semanal? As notificações serão desligadas em todos os seus grupos.',
      'free-limit': 'Parar os avisos de que um grupo que você administra atingiu o limite do plano Gratuito?',
    },
    button: 'Cancelar inscrição',
    already: 'Sua inscrição já está cancelada.',
    done: {
      'weekly-summary': 'Pronto: você não receberá mais o resumo semanal.',
      'free-limit': 'Pronto: você não receberá mais avisos de limite do plano Gratuito.',
    },
    again: 'Você pode ligar as notificações de novo nas suas participações.',
    invalid: 'Este link para cancelar a inscrição não é válido. Abra o link do e-mail mais recente ou altere suas notificações nas suas participações.',
    unavailable: 'Não foi possível fazer isso agora, tente de novo mais tarde.',
    home: 'Abrir o ServiceDesk',
  },
};

/** The page's language: the link's `lang`, else the browser's first language, else English. */
export function pageLocale(lang: unknown, acceptLanguage: unknown): Locale {
  if (typeof lang === 'string' && lang) return mailLocale(lang);
  const first = typeof acceptLanguage === 'string' ? acceptLanguage.split(',')[0]?.split(';')[0]?.trim() : undefined;
  return mailLocale(first);
}

export interface PageInput {
  state: PageState;
  locale: Locale;
  purpose?: UnsubscribePurpose;
  /** the form's action on the confirm page: this URL, token included */
  action?: string;
}

export function unsubscribePage({ state, locale, purpose = 'weekly-summary', action = '' }: PageInput): string {
  const w = WORDS[locale];
  const e = escapeHtml;
  // the summary comes back with the memberships' notification switch; the limit notices have no switch to show
  const again = purpose === 'weekly-summary' ? `<p>${e(w.again)}</p>` : '';
  let body: string;
  switch (state) {
    case 'confirm':
      body = `<p>${e(w.confirm[purpose])}</p>
<form method="post" action="${e(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="padding: 10px 18px; background: #1c7ed6; color: #fff; border: 0; border-radius: 4px; font-size: 15px; cursor: pointer;">${e(w.button)}</button></form>`;
      break;
    case 'already':
      body = `<p>${e(w.already)}</p>${again}`;
      break;
    case 'done':
      body = `<p role="status">${e(w.done[purpose])}</p>${again}`;
      break;
    case 'invalid':
      body = `<p role="alert">${e(w.invalid)}</p>`;
      break;
    case 'unavailable':
      body = `<p role="alert">${e(w.unavailable)}</p>`;
      break;
  }
  const title = state === 'invalid' || state === 'unavailable' ? 'ServiceDesk' : w.title[purpose];
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex"><title>${e(title)}</title></head>
<body style="font-family: -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; color: #222; line-height: 1.5; max-width: 520px; margin: 48px auto; padding: 0 20px;">
<h1 style="font-size: 22px;">${e(title)}</h1>
${body}
<p style="margin-top: 32px;"><a href="/user/profile" style="color: #1c7ed6;">${e(w.home)}</a></p>
</body>
</html>
`;
}
