import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@app/ui';
import { jsonResponse, renderPage } from '../../test/render';
import { FAQ_COUNT } from './landing';
import LandingPage from './LandingPage';
import LegalPage from './LegalPage';

const faq = (language: string) => createI18n(language).t('public.faq.items', { returnObjects: true }) as { q: string; a: string }[];
const en = createI18n('en');

afterEach(() => vi.unstubAllGlobals());

const price = (plan: string, unit_amount: number) => ({ _id: `prc-${plan}-test`, _rev: '1-a', klass: 'PlanPrice', livemode: false, group_plan: plan, unit_amount, active: true });
/** The public calls of the landing page: payment mode, the stored prices and the deployed module remotes. */
function stubPublicApi(modules: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/billing/config') return jsonResponse(200, { publishable_key: null, livemode: false });
      if (url === '/prices/_find') return jsonResponse(200, { docs: [price('free', 0), price('pro', 600), price('corp', 1800)] });
      if (url === '/modules') return jsonResponse(200, { modules });
      return jsonResponse(404, { error: 'not_found', reason: 'missing' });
    }),
  );
}

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

  it('shows the preview, features, screenshots and the four plans with the stored prices, as the plan page does', async () => {
    stubPublicApi(['tickets']);
    renderPage(<LandingPage />, '/welcome');
    expect(await screen.findByText('US$ 6.00 per 100 MB', undefined, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: en.t('public.hero.title') })).toBeTruthy();
    expect(screen.getAllByTestId('feature').length).toBeGreaterThanOrEqual(4);
    expect(screen.getAllByTestId('screenshot')).toHaveLength(3);
    expect(screen.getAllByTestId('plan').map((p) => p.dataset.plan)).toEqual(['free', 'pro', 'corp', 'server']);
    expect(screen.getByText('US$ 18.00 per 200 MB')).toBeTruthy();
    expect(screen.getByText('US$ 0.00')).toBeTruthy();
    expect(screen.getByText('US$ 900')).toBeTruthy();
    expect(screen.getByText('1,000 records')).toBeTruthy();
  });

  it('marks the features of modules not deployed "Coming soon" and names them under the pitch', async () => {
    stubPublicApi(['reader', 'tickets']);
    renderPage(<LandingPage />, '/welcome');
    await vi.waitFor(() => expect(document.querySelectorAll('[data-feature][data-coming]').length).toBe(3), { timeout: 4000 });
    expect([...document.querySelectorAll('[data-feature][data-coming]')].map((e) => e.getAttribute('data-feature'))).toEqual(['finance', 'disk', 'notes']);
    expect(screen.getByTestId('coming-list').textContent).toBe('Coming soon: Personal finance, File storage, and Handbook and wiki.');
    expect(screen.queryByText(en.t('public.hero.pitch'))).toBeNull();
  });

  it('links the legal pages', () => {
    renderPage(<LegalPage page="privacy" />, '/privacy-policy.html');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    for (const href of ['/terms-and-conditions.html', '/privacy-policy.html', '/refund-policy.html', '/disclaimer.html']) {
      expect(document.querySelector(`a[href="${href}"]`)).not.toBeNull();
    }
  });
});
