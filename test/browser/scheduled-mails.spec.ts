import type { Page } from '@playwright/test';
import { renderMail } from '../../services/platform/src/mail/render';
import { apiGroup, apiSignUp, expect, LAYOUTS, screens, signIn, test, waitForMail } from './fixtures';

// The scheduled mails as their readers see them (issue 17 item 1): the weekly summary and the Free-plan limit notice
// rendered at 1280×800 and 390×844 in English and Portuguese (the mail sink keeps mails; it has no web view, so the
// HTML part is opened with setContent), and a real limit notice: a Free group of a pt-BR administrator reaching 1,000
// records through the API, its mail, its unsubscribe page and button.

const groups = [
  {
    name: 'Oficina Centro — Assistência Técnica',
    link: 'http://app.test/account/acc-1',
    opened: 1284,
    closed: 1161,
    records: [
      { klass: 'Ticket', count: 1284 },
      { klass: 'Comment', count: 342 },
      { klass: 'Customer', count: 57 },
      { klass: 'Income', count: 12 },
      { klass: 'Subscription', count: 1 },
    ],
  },
  { name: 'Loja Norte', link: 'http://app.test/account/acc-2', opened: 3, closed: 0, records: [{ klass: 'Estimate', count: 2 }] },
];

/** Opens a mail's HTML part as a mail client's view would and checks that nothing runs off the side of the screen. */
async function openMail(page: Page, htmlPart: string): Promise<void> {
  await page.setContent(htmlPart, { waitUntil: 'load' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const layout of LAYOUTS) {
  test(`the weekly summary and the limit notice read well (${layout.width}, ${layout.lang})`, async ({ page }) => {
    await page.setViewportSize(layout.viewport);
    const pt = layout.lang === 'pt-BR';
    const summary = renderMail({
      to: 'ana@example.com',
      template: 'weekly-summary',
      locale: layout.lang,
      vars: { name: 'Ana Souza', from: '2026-10-28', to: '2026-11-26', groups: JSON.stringify(groups), settings: 'http://app.test/user/profile' },
      unsubscribe: 'http://app.test/mail/unsubscribe?token=usr-1.weekly-summary.x&lang=en',
    });
    await openMail(page, summary.html);
    await expect(page.getByRole('heading', { name: 'Loja Norte' })).toBeVisible();
    const row = page.getByRole('row', { name: pt ? 'Chamados abertos 1.284' : 'Tickets opened 1,284' });
    await expect(row).toBeVisible();
    await expect(page.getByRole('link', { name: pt ? 'Parar o resumo semanal' : 'Stop the weekly summary' })).toHaveAttribute('href', /\/mail\/unsubscribe\?token=/);
    await screens(page, `mail-weekly-summary-${layout.lang}`);

    const notice = renderMail({
      to: 'ana@example.com',
      template: 'free-limit',
      locale: layout.lang,
      vars: { name: 'Ana Souza', group: 'Oficina Centro', count: '1000', link: 'http://app.test/account/acc-1/billing', dashboard: 'http://app.test/account/acc-1' },
      unsubscribe: 'http://app.test/mail/unsubscribe?token=usr-1.free-limit.x&lang=en',
    });
    await openMail(page, notice.html);
    await expect(page.getByRole('link', { name: pt ? 'Ver os planos' : 'See the plans' })).toHaveAttribute('href', 'http://app.test/account/acc-1/billing');
    await screens(page, `mail-free-limit-${layout.lang}`);
  });
}

test('a Free group reaching 1,000 records mails its administrator; the mailed link asks, then stops the notices; the profile switch shows them off and turns them back on (phone, pt-BR)', async ({ page }) => {
  test.setTimeout(300_000);
  const admin = await apiSignUp('Dora Lima', 'limit', 'pt-BR');
  const acc = await apiGroup(admin, 'Oficina Dora');
  // the group and its membership are 2 records: 998 customers make 1,000 (a few requests at a time)
  for (let i = 0; i < 998; i += 10) {
    const batch = Array.from({ length: Math.min(10, 998 - i) }, (_, j) => admin.api.post(`/${acc}`, { klass: 'Customer', name: `Cliente ${i + j}` }));
    for (const res of await Promise.all(batch)) expect(res.status, res.text).toBe(201);
  }
  const mail = await waitForMail(admin.email, (m) => m.subject.includes('limite do plano Gratuito'), 90_000);
  expect(mail.text).toContain('O grupo Oficina Dora tem agora 1.000 registros');

  await page.setViewportSize({ width: 390, height: 844 });
  await openMail(page, (mail as typeof mail & { html: string }).html);
  await expect(page.getByRole('link', { name: 'Ver os planos' })).toHaveAttribute('href', new RegExp(`/account/${acc}/billing$`));
  await screens(page, 'mail-free-limit-real');

  const link = /https?:\/\/[^\s/]+(\/mail\/unsubscribe\?token=\S+)/.exec(mail.text)![1];
  await page.goto(link);
  await expect(page.getByText('Parar os avisos de que um grupo que você administra atingiu o limite do plano Gratuito?')).toBeVisible();
  await screens(page, 'unsubscribe-confirm');
  await page.getByRole('button', { name: 'Cancelar inscrição' }).click();
  await expect(page.getByRole('status')).toHaveText('Pronto: você não receberá mais avisos de limite do plano Gratuito.');
  await screens(page, 'unsubscribe-done');
  await page.goto(link);
  await expect(page.getByText('Sua inscrição já está cancelada.')).toBeVisible();

  // the profile shows the notices stopped, and turns them back on
  await signIn(page, admin, '/user/profile');
  const toggle = page.getByRole('switch', { name: /Avisar por e-mail quando um grupo Gratuito que administro chegar a 1\.000 registros/ });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  await screens(page, 'profile-free-limit-off');
  await toggle.click({ force: true }); // Mantine's switch input sits under its track
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeEnabled();
  expect((await admin.api.get('/mail/preferences')).body).toEqual({ free_limit_notices: true });
});
