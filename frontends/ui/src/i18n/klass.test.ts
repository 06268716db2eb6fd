import { describe, expect, it } from 'vitest';
import { createI18n } from './index';
import { klassEn } from './klass.en';
import { klassPtBR } from './klass.pt-BR';
import { startEn } from './start.en';
import { startPtBR } from './start.pt-BR';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('kind names and first-landing texts', () => {
  it('names every kind in both languages', () => {
    expect(keys(klassPtBR).sort()).toEqual(keys(klassEn).sort());
    expect(createI18n('pt-BR').t('klass.Customer')).toBe('Cliente');
    expect(createI18n('pt-BR').t('klass.Ticket')).toBe('Chamado');
    expect(createI18n('en').t('klass.Account')).toBe('Group');
  });

  it('has every English first-landing key in pt-BR', () => {
    expect(keys(startPtBR).sort()).toEqual(keys(startEn).sort());
  });
});
