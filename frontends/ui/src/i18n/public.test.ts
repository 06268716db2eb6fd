import { describe, expect, it } from 'vitest';
import { publicEn } from './public.en';
import { publicPtBR } from './public.pt-BR';
import { createI18n } from './index';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('public texts', () => {
  it('has every English key in pt-BR', () => {
    const pt = keys(publicPtBR);
    for (const k of keys(publicEn)) expect(pt).toContain(k);
  });
  it('has an FAQ of 6 entries in both languages', () => {
    expect(publicEn.faq.items).toHaveLength(6);
    expect(publicPtBR.faq.items).toHaveLength(6);
  });
  it('carries the spec §9 figures per catalogue', () => {
    expect(createI18n('en').t('public.pricing.pro.price')).toBe('US$ 6 per 100 MB');
    expect(createI18n('pt-BR').t('public.pricing.pro.price')).toBe('US$ 3 por 100 MB');
    expect(createI18n('pt-BR').t('public.pricing.corp.price')).toBe('US$ 9 por 200 MB');
    expect(createI18n('pt-BR').t('public.faq.items.5.q')).toBe(publicPtBR.faq.items[5].q);
  });
  it('names each module one way in Portuguese: the switcher, the menus, the landing page, the icons and the feature switch', () => {
    const t = createI18n('pt-BR').t;
    expect(t('public.modules.names.disk')).toBe('Disco');
    expect(t('nav.items.disk')).toBe('Disco');
    expect(t('public.features.disk.title')).toBe('Disco');
    expect(t('public.icons.names.disk')).toBe('Disco');
    expect(t('admin.features.rdisk')).toContain('Disco');
    for (const name of ['finance', 'notes', 'reader'] as const) {
      const moduleName = t(`public.modules.names.${name}`);
      expect(t(`public.icons.names.${name}`)).toBe(moduleName);
    }
    expect(t('admin.features.budget')).toContain(t('public.modules.names.finance'));
    expect(t('admin.features.textnotes')).toContain(t('public.modules.names.notes'));
    expect(t('admin.features.exoreader')).toContain(t('public.modules.names.reader'));
  });
});
