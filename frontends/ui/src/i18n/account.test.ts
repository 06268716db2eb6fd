import { describe, expect, it } from 'vitest';
import { accountEn } from './account.en';
import { accountPtBR } from './account.pt-BR';
import { createI18n } from './index';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('account texts', () => {
  it('has every English key in pt-BR', () => {
    expect(keys(accountPtBR).sort()).toEqual(keys(accountEn).sort());
  });
  it('is merged into both languages', () => {
    expect(createI18n('en').t('admin.features.checklist')).toBe('Checklist');
    expect(createI18n('pt-BR').t('menu.others')).toBe('Outros');
    expect(createI18n('pt-BR').t('footer.release', { date: '2025-05-10' })).toBe('Versão de 2025-05-10');
  });
});
