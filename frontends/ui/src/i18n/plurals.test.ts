import { describe, expect, it } from 'vitest';
import { createI18n } from './index';
import { extraPtBR } from './extra.pt-BR';
import { pluralCategory, zeroReadsSingular } from './plurals';
import { ptBR } from './pt-BR';

describe('counted texts in Portuguese', () => {
  it('Intl.PluralRules puts 0 with 1 in Portuguese, so 0 gets its own category', () => {
    expect(new Intl.PluralRules('pt-BR').select(0)).toBe('one');
    expect([0, 1, 2, 1000].map((n) => pluralCategory(n, 'pt-BR'))).toEqual(['zero', 'one', 'other', 'other']);
    expect([0, 1, 2].map((n) => pluralCategory(n, 'en'))).toEqual(['zero', 'one', 'other']);
  });

  it('finds a counted text without a zero form, and leaves a key that merely ends in _one', () => {
    expect(zeroReadsSingular({ a: { files: 'x', files_one: 'y' }, ignore_line_one: 'z', b_one: 'p', b_other: 'q', b_zero: 'r' }, 'pt-BR')).toEqual(['a.files']);
    expect(zeroReadsSingular({ files_one: 'y', files_other: 'x' }, 'en')).toEqual([]);
  });

  it('every counted text of the shell has a zero form (no "0 registro", "0 chamado aberto")', () => {
    expect(zeroReadsSingular({ ...ptBR, ...extraPtBR }, 'pt-BR')).toEqual([]);
    const i18n = createI18n('pt-BR');
    expect(i18n.t('admin.tiles.records', { count: 0 })).toBe('0 registros');
    expect(i18n.t('nav.open_tickets', { count: 0 })).toBe('Nenhum chamado aberto');
    expect(i18n.t('admin.tiles.records', { count: 1 })).toBe('1 registro');
  });
});
