import type { Browser as PwBrowser, Page } from '@playwright/test';
import { mkdirSync } from 'fs';
import * as path from 'path';
import { apiGroup, apiSignUp, expect, LAYOUTS, type Locale, shotsWanted, signIn, test, waitForMail } from './fixtures';

// Issue 31: a ticket's status page for its customer, in Chromium at 1280×800 in English and 390×844 in Portuguese
// (LAYOUTS; all four pairs of width and language with BROWSER_SHOTS=1, as every screen). The customer's browser has
// JavaScript switched off, to show the page needs none: it reads the repair, approves one estimate with a note and
// declines another through the page's form. The shop's ticket page, open meanwhile, shows the answers without a
// reload (live updates); a revoked link is the plain 404 page. With BROWSER_SHOTS=1 every step is photographed, in the
// light and the dark scheme, into test/browser/screenshots/status-page-<step>-<width>-<lang>[-dark].png.

const SHOTS = path.join(__dirname, 'screenshots');

async function shot(page: Page, step: string, lang: Locale, dark = false): Promise<void> {
  if (!shotsWanted) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(150);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `status-page-${step}-${page.viewportSize()!.width}-${lang}${dark ? '-dark' : ''}.png`), fullPage: true, animations: 'disabled' });
}

const WORDS = {
  en: {
    ticket: 'Ticket',
    status: 'In repair',
    approve: 'Approve',
    decline: 'Decline',
    note: 'Note for the shop (optional)',
    approved: (n: number) => `Thank you: estimate #${n} is approved. The shop has been told.`,
    declined: (n: number) => `Estimate #${n} is declined. The shop has been told.`,
    approvedOn: /Approved on \d{4}-\d{2}-\d{2} \d{2}:\d{2}/,
    until: 'This page works until 30 days after the repair is finished.',
    notFound: 'This page does not exist or is no longer available. Ask the shop for a new link.',
    panel: 'Customer status page',
    answerApproved: 'Approved by the customer',
    answerDeclined: 'Declined by the customer',
    historyApproved: (n: number, note: string) => `Estimate #${n} approved: “${note}”`,
    historyDeclined: (n: number) => `Estimate #${n} declined`,
    historyBy: 'Customer (status page)',
    revoke: 'Revoke link',
    total: 'US$ 409.90',
  },
  'pt-BR': {
    ticket: 'Chamado',
    status: 'Em conserto',
    approve: 'Aprovar',
    decline: 'Recusar',
    note: 'Observação para a loja (opcional)',
    approved: (n: number) => `Obrigado: o orçamento #${n} foi aprovado. A loja já foi avisada.`,
    declined: (n: number) => `O orçamento #${n} foi recusado. A loja já foi avisada.`,
    approvedOn: /Aprovado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
    until: 'Esta página funciona até 30 dias depois que o conserto fica pronto.',
    notFound: 'Esta página não existe ou não está mais disponível. Peça um novo link à loja.',
    panel: 'Página de acompanhamento do cliente',
    answerApproved: 'Aprovado pelo cliente',
    answerDeclined: 'Recusado pelo cliente',
    historyApproved: (n: number, note: string) => `Orçamento #${n} aprovado: “${note}”`,
    historyDeclined: (n: number) => `Orçamento #${n} recusado`,
    historyBy: 'Cliente (página de acompanhamento)',
    revoke: 'Revogar link',
    total: 'US$ 409,90',
  },
} as const;

/** A shop whose creator speaks `lang` (the page's language), with a repair in progress and two pending estimates. */
async function shopWithRepair(lang: Locale) {
  const owner = await apiSignUp(lang === 'en' ? 'Olivia Owner' : 'Otávio Dono', 'status', lang);
  const accountId = await apiGroup(owner, lang === 'en' ? 'Fix-It Corner' : 'Oficina do Zé');
  const post = async (doc: Record<string, unknown>) => {
    const res = await owner.api.post(`/${accountId}`, doc);
    expect(res.status, res.text).toBe(201);
    return res.body.doc as { _id: string; number: number };
  };
  await post({ klass: 'AccountConfiguration', key: 'phones', value: JSON.stringify([{ id: 'p1', main: true, number: '+55 81 3222-1111', description: lang === 'en' ? 'desk' : 'balcão' }]) });
  await post({ klass: 'AccountConfiguration', key: 'addresses', value: JSON.stringify([{ id: 'a1', main: true, street: 'Rua da Aurora', number: '10', neighborhood: 'Boa Vista', city: 'Recife', state: 'PE', zip_code: '50050-000' }]) });
  const customer = await post({ klass: 'Customer', name: 'Maria Silva', email: `maria-${Date.now()}-${lang}@example.com` });
  const equipment = await post({ klass: 'Equipment', identifier: 'NB-0042', maker: 'Dell', description: 'Inspiron 15', customer_id: customer._id });
  const ticket = await post({ klass: 'Ticket', title: lang === 'en' ? 'Laptop does not power on' : 'Notebook não liga', content: 'Internal notes', customer_id: customer._id, equipment_id: equipment._id, technical_id: owner.id });
  const moved = await owner.api.put(`/${accountId}/_design/ticket-status/_update/doing/${ticket._id}`);
  expect(moved.status, moved.text).toBe(200);
  const first = await post({
    klass: 'Estimate',
    ticket_id: ticket._id,
    customer_id: customer._id,
    description: lang === 'en' ? 'New power supply' : 'Troca da fonte',
    items: [
      { description: lang === 'en' ? 'Power supply 65 W' : 'Fonte 65 W', quantity: 1, value: 249.9 },
      { description: lang === 'en' ? 'Labour' : 'Mão de obra', quantity: 2, value: 80 },
    ],
  });
  const second = await post({ klass: 'Estimate', ticket_id: ticket._id, description: lang === 'en' ? 'New battery' : 'Bateria nova', items: [{ description: lang === 'en' ? 'Battery' : 'Bateria', quantity: 1, value: 320 }] });
  const link = await owner.api.get(`/${accountId}/tickets/${ticket._id}/status-link?tz=America/Recife`);
  expect(link.status, link.text).toBe(200);
  return { owner, accountId, ticket, first, second, path: new URL(link.body.url as string).pathname };
}

/**
 * The History row of a customer's answer on the shop's ticket page: what, when (the time the estimate recorded, as the
 * page shows it in the browser's time zone: YYYY-MM-DD HH:MM in English, DD/MM/YYYY HH:MM in Portuguese) and by whom.
 */
async function expectHistoryAnswer(page: Page, shop: Awaited<ReturnType<typeof shopWithRepair>>, estimateId: string, what: string, lang: Locale): Promise<void> {
  const w = WORDS[lang];
  const row = page.getByTestId('status-history').getByTestId('customer-event').filter({ hasText: what });
  await expect(row).toHaveCount(1);
  const estimate = await shop.owner.api.get(`/${shop.accountId}/${estimateId}`);
  expect(estimate.status, estimate.text).toBe(200);
  const answer = estimate.body.customer_answer as { at: string; via: string; ip: string | null; link: string };
  expect(answer.via).toBe('status-link');
  const when = await page.evaluate(
    ([at, pt]) => {
      const t = new Date(at);
      const p = (n: number) => String(n).padStart(2, '0');
      const [y, m, d] = [t.getFullYear(), p(t.getMonth() + 1), p(t.getDate())];
      return `${pt ? `${d}/${m}/${y}` : `${y}-${m}-${d}`} ${p(t.getHours())}:${p(t.getMinutes())}`;
    },
    [answer.at, lang === 'pt-BR'] as const,
  );
  await expect(row.getByRole('cell')).toHaveText([when, '—', what, w.historyBy]);
}

/** The customer's phone or computer: no cookie, no JavaScript, the system's light or dark scheme. */
async function customerPage(browser: PwBrowser, viewport: { width: number; height: number }, colorScheme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({ viewport, javaScriptEnabled: false, colorScheme, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

for (const { viewport, lang } of LAYOUTS) {
  test(`${viewport.width}×${viewport.height} ${lang}: the customer reads the repair with no script, approves one estimate and declines another; the shop sees both live; a revoked link is the 404 page`, async ({ page, browser }) => {
    const w = WORDS[lang];
    const shop = await shopWithRepair(lang);

    // the shop has the ticket open
    await page.setViewportSize(viewport);
    await signIn(page, shop.owner, `/account/${shop.accountId}/tickets/${shop.ticket._id}`);
    const panel = page.getByTestId('status-link');
    await expect(panel.getByText(w.panel)).toBeVisible();
    await expect(panel.getByTestId('status-link-url')).toHaveValue(new RegExp(`${shop.path}$`));
    await expect(panel.getByRole('img')).toBeVisible();
    await expect(page.getByTestId('status-history')).toBeVisible();
    await expect(page.getByTestId('customer-event')).toHaveCount(0);
    await shot(page, 'shop-ticket', lang);
    if (shotsWanted) {
      // the service receipt's print view: the address and QR code on both copies
      await page.goto(`/account/${shop.accountId}/receipts/service/${shop.ticket._id}`);
      await expect(page.getByTestId('receipt-status-link')).toHaveCount(2);
      await shot(page, 'receipt', lang);
      await page.goto(`/account/${shop.accountId}/tickets/${shop.ticket._id}`);
      await expect(panel.getByTestId('status-link-url')).toHaveValue(new RegExp(`${shop.path}$`));
    }

    // the customer opens the link
    const { context, page: customer } = await customerPage(browser, viewport);
    const res = await customer.goto(shop.path);
    expect(res!.status()).toBe(200);
    expect(res!.headers()['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText(lang === 'en' ? 'Fix-It Corner' : 'Oficina do Zé');
    await expect(customer.getByText(`${w.ticket} #${shop.ticket.number}`)).toBeVisible();
    await expect(customer.locator('.status')).toHaveText(w.status);
    await expect(customer.getByText(w.total)).toBeVisible();
    await expect(customer.getByText(w.until)).toBeVisible();
    await expect(customer.getByText('Internal notes')).toHaveCount(0);
    await expect(customer.getByText('Maria Silva')).toHaveCount(0);
    // phone first: nothing wider than the screen
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // the buttons are big enough to press
    const approveBox = await customer.getByRole('button', { name: w.approve }).first().boundingBox();
    expect(approveBox!.height).toBeGreaterThanOrEqual(44);
    await shot(customer, 'page', lang);
    if (shotsWanted) {
      const dark = await customerPage(browser, viewport, 'dark');
      await dark.page.goto(shop.path);
      await shot(dark.page, 'page', lang, true);
      await dark.context.close();
    }

    // approve the first estimate with a note, from the form (no script)
    const firstCard = customer.locator('section.card').filter({ has: customer.locator(`input[name="estimate"][value="${shop.first.number}"]`) });
    const note = lang === 'en' ? 'Go ahead, thanks!' : 'Pode fazer, obrigado!';
    await firstCard.getByLabel(w.note).fill(note);
    await firstCard.getByRole('button', { name: w.approve }).click();
    await expect(customer.getByRole('status')).toHaveText(w.approved(shop.first.number));
    await expect(customer.getByText(w.approvedOn)).toBeVisible();
    await shot(customer, 'approved', lang);

    // the shop's ticket page, never reloaded, lists the approval in its History: when, what, by the status page
    await expectHistoryAnswer(page, shop, shop.first._id, w.historyApproved(shop.first.number, note), lang);

    // decline the second, no note
    const secondCard = customer.locator('section.card').filter({ has: customer.locator(`input[name="estimate"][value="${shop.second.number}"]`) });
    await secondCard.getByRole('button', { name: w.decline }).click();
    await expect(customer.getByRole('status')).toHaveText(w.declined(shop.second.number));
    await expect(customer.locator('form')).toHaveCount(0);
    await shot(customer, 'declined', lang);

    // the shop's page, never reloaded, shows both answers on the estimates and in the History; the administrator got
    // a mail for the approval
    await expect(page.getByTestId('estimate-answer').filter({ hasText: w.answerApproved })).toBeVisible();
    await expect(page.getByTestId('estimate-answer').filter({ hasText: w.answerDeclined })).toBeVisible();
    await expectHistoryAnswer(page, shop, shop.second._id, w.historyDeclined(shop.second.number), lang);
    await expect(page.getByTestId('customer-event')).toHaveCount(2);
    await waitForMail(shop.owner.email, (m) => m.text.includes(note));
    await shot(page, 'shop-answered', lang);

    // the administrator revokes the link: the customer's page is the plain 404 page
    await page.getByTestId('status-link-revoke').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(page.getByTestId('status-link-revoked')).toBeVisible();
    const gone = await customer.goto(`${shop.path}?lang=${lang}`);
    expect(gone!.status()).toBe(404);
    await expect(customer.getByText(w.notFound)).toBeVisible();
    await shot(customer, 'not-found', lang);
    await context.close();
  });
}
