import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@app/ui';
import { renderPage } from '../../test/render';
import { FAQ_COUNT } from './landing';
import LandingPage from './LandingPage';
import LegalPage from './LegalPage';
import { newsletterFlag } from './NewsletterPage';

const faq = (language: string) => createI18n(language).t('public.faq.items', { returnObjects: true }) as { q: string; a: string }[];
const en = createI18n('en');

describe('landing page', () => {
  it('has an FAQ of exactly 6 entries, in both languages', () => {
    expect(FAQ_COUNT).toBe(6);
    expect(faq('en')).toHaveLength(6);
    expect(faq('pt-BR')).toHaveLength(6);
    renderPage(<LandingPage />, '/welcome');
    const entries = within(screen.getByTestId('faq')).getAllByTestId('faq-entry');
    expect(entries).toHaveLength(6);
    expect(screen.getByText(faq('en')[0].q)).toBeTruthy();
  });

  it('shows the preview, features, screenshots and the four plans with the spec figures', () => {
    renderPage(<LandingPage />, '/welcome');
    expect(screen.getByRole('heading', { level: 1, name: en.t('public.hero.title') })).toBeTruthy();
    expect(screen.getAllByTestId('feature').length).toBeGreaterThanOrEqual(4);
    expect(screen.getAllByTestId('screenshot')).toHaveLength(3);
    expect(screen.getAllByTestId('plan').map((p) => p.dataset.plan)).toEqual(['free', 'pro', 'corp', 'server']);
    expect(screen.getByText('US$ 6 per 100 MB')).toBeTruthy();
    expect(screen.getByText('US$ 18 per 200 MB')).toBeTruthy();
    expect(screen.getByText('US$ 900')).toBeTruthy();
    expect(screen.getByText('1,000 records')).toBeTruthy();
  });

  it('links the legal pages', () => {
    renderPage(<LegalPage page="privacy" />, '/privacy-policy.html');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    for (const href of ['/terms-and-conditions.html', '/privacy-policy.html', '/refund-policy.html', '/disclaimer.html']) {
      expect(document.querySelector(`a[href="${href}"]`)).not.toBeNull();
    }
  });
});

describe('newsletter', () => {
  it('saves the flag on when any topic is on', () => {
    expect(newsletterFlag({ product: false, tips: false })).toBe(false);
    expect(newsletterFlag({ product: true, tips: false })).toBe(true);
    expect(newsletterFlag({ product: false, tips: true })).toBe(true);
  });
});
