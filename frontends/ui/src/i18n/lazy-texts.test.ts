import { describe, expect, it } from 'vitest';
import { createCoreI18n, createI18n, loadTexts } from './index';

describe('texts loaded in parts (the web shell)', () => {
  it('starts with the English core only', () => {
    const i18n = createCoreI18n('en');
    expect(i18n.t('login.title')).toBe('Log in');
    expect(i18n.t('login.welcome')).toBe('About the product');
    expect(i18n.exists('nav.items.tickets')).toBe(false);
  });

  it('adds the extra texts of English, and of Portuguese for a pt-BR user', async () => {
    const en = createCoreI18n('en');
    await loadTexts(en, 'en', 'all');
    expect(en.t('nav.items.tickets')).toBe('Tickets');
    expect(en.t('billing.title', { defaultValue: 'x' })).toBe(createI18n('en').t('billing.title', { defaultValue: 'x' }));
    expect(en.hasResourceBundle('pt-BR', 'translation')).toBe(false);

    const pt = createCoreI18n('pt-BR');
    expect(pt.language).toBe('pt-BR');
    // before the Portuguese core arrives, English stands in
    expect(pt.t('login.title')).toBe('Log in');
    await loadTexts(pt, 'pt-BR', 'core');
    expect(pt.t('login.title')).toBe('Entrar');
    expect(pt.t('nav.items.tickets')).toBe('nav.items.tickets');
    await loadTexts(pt, 'pt-BR', 'all');
    expect(pt.t('nav.items.tickets')).toBe('Chamados');
    expect(pt.t('public.nav.welcome')).toBe('Sobre o produto');
  });

  it('gives the same promise for the same part, so a component can suspend on it', () => {
    const i18n = createCoreI18n('en');
    expect(loadTexts(i18n, 'en', 'all')).toBe(loadTexts(i18n, 'en-US', 'all'));
    expect(loadTexts(i18n, 'pt', 'core')).toBe(loadTexts(i18n, 'pt-BR', 'core'));
  });
});
