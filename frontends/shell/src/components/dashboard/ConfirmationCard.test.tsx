import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@app/ui';
import { renderPage } from '../../test/render';
import { ConfirmationCard } from './ConfirmationCard';

const now = new Date('2026-06-30T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

describe('ConfirmationCard', () => {
  it('is hidden for a confirmed user (or an unknown state)', () => {
    renderPage(
      <>
        <ConfirmationCard confirmed sentAt={daysAgo(1)} now={now} />
        <ConfirmationCard confirmed={undefined} sentAt={daysAgo(1)} now={now} />
      </>,
      '/account/a1',
    );
    expect(screen.queryByTestId('confirmation-card')).toBeNull();
  });

  it('shows the days left in the plural for an unconfirmed user', () => {
    renderPage(<ConfirmationCard confirmed={false} sentAt={daysAgo(10)} now={now} />, '/account/a1');
    expect(screen.getByTestId('confirmation-card')).toBeTruthy();
    expect(screen.getByText('Confirm your e-mail address')).toBeTruthy();
    expect(screen.getByTestId('confirmation-days').textContent).toBe('Your account loses access in 20 days unless you confirm your e-mail address.');
    expect(screen.getByRole('link', { name: 'Send the confirmation again' }).getAttribute('href')).toBe('/user/confirm/new');
  });

  it('shows the plural at exactly 2 days left', () => {
    renderPage(<ConfirmationCard confirmed={false} sentAt={daysAgo(28)} now={now} />, '/account/a1');
    expect(screen.getByTestId('confirmation-days').textContent).toContain('in 2 days');
  });

  it('shows the singular message under 2 days, also once the time ran out', () => {
    renderPage(
      <>
        <ConfirmationCard confirmed={false} sentAt={daysAgo(28.5)} now={now} />
        <ConfirmationCard confirmed={false} sentAt={daysAgo(40)} now={now} />
      </>,
      '/account/a1',
    );
    const texts = screen.getAllByTestId('confirmation-days').map((e) => e.textContent);
    expect(texts).toEqual([
      'Your account loses access in less than 2 days: confirm your e-mail address now.',
      'Your account loses access in less than 2 days: confirm your e-mail address now.',
    ]);
  });

  it('has the pt-BR texts with plural forms', () => {
    const t = createI18n('pt-BR').t;
    expect(t('dashboard.confirmation.days_left', { count: 20 })).toBe('Sua conta perde o acesso em 20 dias se você não confirmar seu e-mail.');
    expect(t('dashboard.confirmation.days_left', { count: 1 })).toBe('Sua conta perde o acesso em 1 dia se você não confirmar seu e-mail.');
    expect(t('dashboard.confirmation.last_day')).toContain('menos de 2 dias');
  });
});
