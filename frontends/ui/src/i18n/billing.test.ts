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
  it("words the disk's files with the count in the language's digits, none as a word, and the quota", () => {
    const en = createI18n('en');
    const pt = createI18n('pt-BR');
    expect([0, 1, 1234].map((count) => en.t('billing.usage.files', { count }))).toEqual(['No files', '1 file', '1,234 files']);
    expect([0, 1, 1234].map((count) => pt.t('billing.usage.files', { count }))).toEqual(['Nenhum arquivo', '1 arquivo', '1.234 arquivos']);
    expect(pt.t('billing.usage.of_quota', { used: '120 MB', quota: '1 GB' })).toBe('120 MB de 1 GB');
    expect(pt.t('billing.billing.of_which_files', { size: '120 MB' })).toBe('dos quais arquivos: 120 MB');
    expect(pt.t('admin.tiles.disk_files')).toBe('Arquivos do disco');
  });
});
