import { describe, expect, it } from 'vitest';
import { billingEn } from './billing.en';
import { billingPtBR } from './billing.pt-BR';
import { createI18n } from './index';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('billing texts', () => {
  it('has every English key in pt-BR, and as many plan notes', () => {
    expect(keys(billingPtBR).sort()).toEqual(keys(billingEn).sort());
    expect(billingPtBR.select.notes).toHaveLength(billingEn.select.notes.length);
  });
  it('is merged into both languages as billing.*', () => {
    expect(createI18n('en').t('billing.select.no_plans')).toBe('We could not find any plan');
    expect(createI18n('pt-BR').t('billing.select.no_plans')).toBe('Não encontramos nenhum plano');
    expect(createI18n('pt-BR').t('billing.checkout.price_value', { price: 'US$ 6,00' })).toBe('US$ 6,00 por mês');
  });
});
