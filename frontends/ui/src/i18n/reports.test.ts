import { describe, expect, it } from 'vitest';
import { reportsEn } from './reports.en';
import { reportsPtBR } from './reports.pt-BR';
import { createI18n } from './index';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('reports texts', () => {
  it('has every English key in pt-BR', () => {
    expect(keys(reportsPtBR).sort()).toEqual(keys(reportsEn).sort());
  });
  it('is merged into both languages as reports.*, with the menu entry under nav.items.reports', () => {
    expect(createI18n('en').t('reports.download_csv')).toBe('Download CSV');
    expect(createI18n('pt-BR').t('reports.download_csv')).toBe('Baixar CSV');
    expect(createI18n('pt-BR').t('reports.time_to_done.hours', { value: '12,5' })).toBe('12,5 h');
    expect(createI18n('en').t('nav.items.reports')).toBe('Reports');
    expect(createI18n('pt-BR').t('nav.items.reports')).toBe('Relatórios');
  });
});
