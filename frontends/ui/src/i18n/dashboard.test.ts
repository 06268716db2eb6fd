import { describe, expect, it } from 'vitest';
import { dashboardEn } from './dashboard.en';
import { dashboardPtBR } from './dashboard.pt-BR';
import { createI18n } from './index';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('dashboard texts', () => {
  it('has every English key in pt-BR', () => {
    const pt = keys(dashboardPtBR);
    for (const k of keys(dashboardEn)) expect(pt).toContain(k);
  });
  it('picks plural forms in both languages', () => {
    expect(createI18n('en').t('dashboard.confirmation.days_left', { count: 5 })).toContain('in 5 days');
    expect(createI18n('pt-BR').t('dashboard.confirmation.days_left', { count: 5 })).toContain('em 5 dias');
    expect(createI18n('pt-BR').t('dashboard.notifications.title')).toBe('Avisos do sistema');
  });
});
