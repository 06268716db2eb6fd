import { describe, expect, it } from 'vitest';
import { navEn } from './nav.en';
import { navPtBR } from './nav.pt-BR';
import { createI18n } from './index';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('navigation texts', () => {
  it('has every English key in pt-BR', () => {
    expect(keys(navPtBR).sort()).toEqual(keys(navEn).sort());
  });
  it('is merged into both languages', () => {
    expect(createI18n('en').t('nav.items.ticket-board')).toBe('Board');
    expect(createI18n('pt-BR').t('nav.items.tickets')).toBe('Chamados');
    expect(createI18n('en').t('nav.open_tickets', { count: 1 })).toBe('1 open ticket');
    expect(createI18n('pt-BR').t('priority.open_title')).toBe('Chamados abertos por prioridade');
  });
});
