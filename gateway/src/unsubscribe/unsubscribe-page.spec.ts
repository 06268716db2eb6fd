import { pageLocale, unsubscribePage } from './unsubscribe-page';

describe('unsubscribe pages', () => {
  it("speaks the link's language, else the browser's first one, else English", () => {
    expect(pageLocale('pt-BR', 'en-US')).toBe('pt-BR');
    expect(pageLocale('en', 'pt-BR,pt;q=0.9')).toBe('en');
    expect(pageLocale(undefined, 'pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt-BR');
    expect(pageLocale('', 'de-DE')).toBe('en');
    expect(pageLocale(['pt-BR'], undefined)).toBe('en');
  });

  it('asks with a form that posts the one-click field to the link, its address escaped', () => {
    const page = unsubscribePage({ state: 'confirm', locale: 'en', purpose: 'weekly-summary', action: '/mail/unsubscribe?token=a"b&lang=en' });
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Stop the weekly summary?');
    expect(page).toContain('<form method="post" action="/mail/unsubscribe?token=a&quot;b&amp;lang=en">');
    expect(page).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(page).not.toContain('<script');
  });

  it('tells how to get the summary back, but not the limit notices (they have no switch)', () => {
    expect(unsubscribePage({ state: 'done', locale: 'en', purpose: 'weekly-summary' })).toContain('switch notifications on again');
    expect(unsubscribePage({ state: 'done', locale: 'en', purpose: 'free-limit' })).not.toContain('switch notifications on again');
  });

  it.each([
    ['done', 'free-limit', 'Pronto: você não receberá mais avisos de limite do plano Gratuito.'],
    ['already', 'weekly-summary', 'Sua inscrição já está cancelada.'],
    ['invalid', undefined, 'Este link para cancelar a inscrição não é válido.'],
    ['unavailable', undefined, 'Não foi possível fazer isso agora'],
  ] as const)('the %s page in pt-BR says so, without a form', (state, purpose, words) => {
    const page = unsubscribePage({ state, locale: 'pt-BR', purpose });
    expect(page).toContain(words);
    expect(page).not.toContain('<form');
  });
});
