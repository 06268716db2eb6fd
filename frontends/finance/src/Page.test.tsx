import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { financeEn } from './i18n/en';
import { financePtBR } from './i18n/pt-BR';
import { matchFinanceRoute } from './Page';
import { FINANCE_SEGMENTS } from './routes';
import { renderAt, stubApi } from './test/render';

afterEach(() => vi.unstubAllGlobals());

/** The keys of a texts object, nested ones as a.b.c. */
const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('the finance Page', () => {
  it('matches every screen of spec §2 (index, new, show, edit of each kind and of mappings, wallets-upload) and the month view, "new" before an id', () => {
    const m = (p: string) => {
      const found = matchFinanceRoute(p);
      return found && { name: found.route.name, ...found.params };
    };
    expect(m('/account/acc-1/outgos')).toEqual({ name: 'outgos.index', account_id: 'acc-1' });
    expect(m('/account/acc-1/outgos/new')).toEqual({ name: 'outgos.new', account_id: 'acc-1' });
    expect(m('/account/acc-1/outgos/out-9')).toEqual({ name: 'outgos.show', account_id: 'acc-1', record_id: 'out-9' });
    expect(m('/account/acc-1/incomes/inc-9/edit')).toMatchObject({ name: 'incomes.edit', record_id: 'inc-9' });
    expect(m('/account/acc-1/transfers/trf-1')).toMatchObject({ name: 'transfers.show' });
    expect(m('/account/acc-1/exchanges/exc-1/edit')).toMatchObject({ name: 'exchanges.edit' });
    expect(m('/account/acc-1/wallets/wal-1')).toMatchObject({ name: 'wallets.show', record_id: 'wal-1' });
    expect(m('/account/acc-1/finance/month')).toMatchObject({ name: 'month' });
    expect(m('/account/acc-1/wallets-upload')).toEqual({ name: 'wallets-upload', account_id: 'acc-1' });
    expect(m('/account/acc-1/mappings')).toEqual({ name: 'mappings.index', account_id: 'acc-1' });
    expect(m('/account/acc-1/mappings/new')).toEqual({ name: 'mappings.new', account_id: 'acc-1' });
    expect(m('/account/acc-1/mappings/map-1')).toMatchObject({ name: 'mappings.show', record_id: 'map-1' });
    expect(m('/account/acc-1/mappings/map-1/edit')).toMatchObject({ name: 'mappings.edit', record_id: 'map-1' });
    expect(FINANCE_SEGMENTS.sort()).toEqual(['exchanges', 'finance', 'incomes', 'mappings', 'outgos', 'transfers', 'wallets', 'wallets-upload']);
  });

  it("matches no route for an id of another kind or no id at all: outgos/inc-1, wallets/abc, mappings/out-1, tickets", () => {
    expect(matchFinanceRoute('/account/acc-1/outgos/inc-1')).toBeNull();
    expect(matchFinanceRoute('/account/acc-1/wallets/abc')).toBeNull();
    expect(matchFinanceRoute('/account/acc-1/wallets/new/edit')).toBeNull();
    expect(matchFinanceRoute('/account/acc-1/tickets')).toBeNull();
    expect(matchFinanceRoute('/account/acc-1/mappings/out-1')).toBeNull();
  });

  it('shows an unknown finance path as "Page not found" with the module menu, without asking the server for it', async () => {
    const { calls } = stubApi(() => undefined);
    renderAt('/account/acc-1/outgos/abc');
    expect((await screen.findByTestId('page-not-found')).textContent).toBe('Page not found.');
    expect(calls).toEqual([]);
    const nav = screen.getByTestId('finance-nav');
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Expenses', '/account/acc-1/outgos'],
      ['Revenues', '/account/acc-1/incomes'],
      ['Transfers', '/account/acc-1/transfers'],
      ['Exchanges', '/account/acc-1/exchanges'],
      ['Wallets', '/account/acc-1/wallets'],
      ['Import', '/account/acc-1/wallets-upload'],
      ['Mapping rules', '/account/acc-1/mappings'],
      ['Month', '/account/acc-1/finance/month'],
    ]);
  });

  it('names the menu in pt-BR (Despesas, Receitas, Transferências, Câmbios, Carteiras, Importar, Regras de mapeamento, Mês)', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/nothing-here', 'pt-BR');
    expect((await screen.findByTestId('page-not-found')).textContent).toBe('Página não encontrada.');
    expect([...screen.getByTestId('finance-nav').querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Despesas', 'Receitas', 'Transferências', 'Câmbios', 'Carteiras', 'Importar', 'Regras de mapeamento', 'Mês']);
  });

  it('has every English text in pt-BR too, and no empty text', () => {
    expect(keysOf(financePtBR).sort()).toEqual(keysOf(financeEn).sort());
    const values = (o: object): string[] => Object.values(o).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));
    expect(values(financePtBR).filter((v) => !v.trim())).toEqual([]);
  });
});
