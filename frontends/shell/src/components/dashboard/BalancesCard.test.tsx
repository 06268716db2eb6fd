import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import type { WalletBalanceDoc } from '@app/proto';
import { createI18n } from '@app/ui';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { BalancesCard } from './BalancesCard';
import { placeholderCount, positiveBalances } from './wallet-balances';

const doc = (currency: string, balance: number, precision = 2): WalletBalanceDoc => ({
  _id: `wbl-${currency.toLowerCase()}`,
  _rev: '1-a',
  klass: 'WalletBalance',
  created_at: '2026-06-01T10:00:00Z',
  updated_at: '2026-06-01T10:00:00Z',
  created_by: 'usr-1',
  currency,
  balance,
  precision,
});

const BRL = doc('BRL', 12345);
const USD = doc('USD', -5000);
const EUR = doc('EUR', 0);
const BHD = doc('BHD', 1234567, 3);
const JPY = doc('JPY', 980, 0);

function renderCard(balances: WalletBalanceDoc[], language = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <MantineProvider>
        <BalancesCard balances={balances} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

/** Every digit of the card: none while hidden. */
const digits = () => (screen.getByTestId('balances-card').textContent ?? '').replace(/\D/g, '');

describe('BalancesCard', () => {
  it('renders nothing when the group has no balances', () => {
    const { container } = renderCard([]);
    expect(container.querySelector('[data-testid="balances-card"]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show' })).toBeNull();
  });

  it('hides the amounts at first: placeholder rows, a Show button, no amount, currency or digit in the page', () => {
    renderCard([BRL, USD]);
    expect(screen.getByRole('heading', { name: 'Balances' })).toBeTruthy();
    expect(screen.getAllByTestId('balance-placeholder')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Show' }).getAttribute('aria-expanded')).toBe('false');
    expect(digits()).toBe('');
    const text = screen.getByTestId('balances-card').textContent ?? '';
    for (const s of ['R$', 'US$', 'BRL', 'USD', '123']) expect(text).not.toContain(s);
    expect(screen.queryByTestId('balance-BRL')).toBeNull();
  });

  it('shows at most 3 placeholder rows however many currencies the group keeps', () => {
    renderCard([BHD, BRL, EUR, JPY, USD]);
    expect(screen.getAllByTestId('balance-placeholder')).toHaveLength(3);
    expect(digits()).toBe('');
  });

  it('after Show lists only the positive totals, in the user\'s format (en), and Hide puts the placeholders back', () => {
    renderCard([BHD, BRL, EUR, JPY, USD]);
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.queryByTestId('balance-placeholder')).toBeNull();
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(['balance-BHD', 'balance-BRL', 'balance-JPY']);
    // the document's precision: BHD keeps 3 decimals, JPY none
    expect(screen.getByTestId('balance-BRL').textContent).toBe('BRLR$\u00a0123.45');
    expect(screen.getByTestId('balance-BHD').textContent).toContain('1,234.567');
    expect(screen.getByTestId('balance-JPY').textContent).toMatch(/980$/);
    // the negative USD and the EUR at zero are not listed
    expect(screen.queryByTestId('balance-USD')).toBeNull();
    expect(screen.queryByTestId('balance-EUR')).toBeNull();
    expect(screen.getByTestId('balances-card').textContent).not.toContain('50.00');
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.getAllByTestId('balance-placeholder')).toHaveLength(3);
    expect(digits()).toBe('');
  });

  it('formats in pt-BR with the pt-BR texts', () => {
    renderCard([BRL, USD], 'pt-BR');
    expect(screen.getByRole('heading', { name: 'Saldos' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect(screen.getByTestId('balance-BRL').textContent).toBe('BRLR$\u00a0123,45');
    expect(screen.getByRole('button', { name: 'Ocultar' })).toBeTruthy();
    expect(screen.queryByTestId('balance-USD')).toBeNull();
  });

  it('says so when no total is positive once shown', () => {
    renderCard([USD, EUR]);
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('No currency has a positive balance.')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});

describe('wallet balance rules', () => {
  it('keeps the totals above zero', () => {
    expect(positiveBalances([BRL, USD, EUR, JPY]).map((d) => d.currency)).toEqual(['BRL', 'JPY']);
  });
  it('counts one placeholder per currency, at most 3', () => {
    expect([[], [USD], [BRL, USD], [BRL, USD, EUR, JPY]].map((d) => placeholderCount(d))).toEqual([0, 1, 2, 3]);
  });
});
