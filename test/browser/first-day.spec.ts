import type { Page } from '@playwright/test';
import { mkdirSync } from 'fs';
import { apiGroup, apiSignUp, DESKTOP, expect, LAYOUTS, type Layout, linkPath, login, PHONE, shotsWanted, signIn, test, untilInChanges } from './fixtures';

// A shop's first day (issue 12, items 3 and 4), at desktop and phone width, in English and Portuguese (the user's
// saved locale): the invited employee who logs in before confirming is told to confirm first (with a resend), and
// after confirming lands on the invitation with the whole group name, whose acceptance opens the group; a new group's
// dashboard suggests the first steps instead of listing its default settings, and once a customer and a ticket exist
// its rows name them in the user's language and link to them. The two go through complementary pairs of width and
// language (each pair once; both all four with BROWSER_SHOTS=1). The usage page's names of the kinds of record, once
// here, are disk-usage.spec.ts's.

type Lang = Layout['lang'];

const TEXT = {
  en: {
    confirmFirst: 'Confirm your e-mail address first',
    resend: 'Send the confirmation e-mail again',
    resent: /A new confirmation e-mail is on its way/,
    invited: 'You have been invited',
    accept: 'Accept invitation',
    recent: 'Recent changes',
    firstSteps: 'Your group is ready',
    addCustomer: 'Add a customer',
    openTicket: 'Open a ticket',
    created: 'created',
    customer: 'Customer',
    ticket: 'Ticket',
    settingKind: 'Group setting',
  },
  'pt-BR': {
    confirmFirst: 'Confirme primeiro seu endereço de e-mail',
    resend: 'Enviar o e-mail de confirmação de novo',
    resent: /Um novo e-mail de confirmação está a caminho/,
    invited: 'Você foi convidado',
    accept: 'Aceitar convite',
    recent: 'Alterações recentes',
    firstSteps: 'Seu grupo está pronto',
    addCustomer: 'Cadastrar um cliente',
    openTicket: 'Abrir um chamado',
    created: 'criado',
    customer: 'Cliente',
    ticket: 'Chamado',
    settingKind: 'Configuração do grupo',
  },
} as const;

const SHOTS = '/tmp/shots12';

async function shot(page: Page, name: string, width: string, lang: Lang): Promise<void> {
  if (!shotsWanted) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(150); // Mantine's media queries and transitions settle
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/first-day-${name}-${width}-${lang}.png`, fullPage: true, animations: 'disabled' });
}

/** The new group's dashboard at the pairs of language and width the invitation leaves out (all four with BROWSER_SHOTS=1). */
const DASHBOARD_LAYOUTS: readonly Layout[] = shotsWanted
  ? LAYOUTS
  : [
      { width: 'desktop', viewport: DESKTOP, lang: 'pt-BR' },
      { width: 'phone', viewport: PHONE, lang: 'en' },
    ];

for (const { width, viewport, lang } of LAYOUTS) {
  test.describe(`${lang}, ${width}`, () => {
    test.use({ viewport });
    const t = TEXT[lang];

    test('an invited employee who logs in before confirming is told to confirm first, then lands on the invitation and accepting it opens the group', async ({ page }) => {
      test.setTimeout(120_000);
      const [owner, employee] = await Promise.all([apiSignUp('Olga Owner', 'olga', lang), apiSignUp('Edu Employee', 'edu', lang, false)]);
      // a long name: the invitation card shows all of it
      const groupName = 'Assistência Técnica Irmãos Figueiredo & Filhos — Unidade Centro';
      const accountId = await apiGroup(owner, groupName);
      const invite = await owner.api.post(`/${accountId}`, { klass: 'Subscription', email: employee.email });
      expect(invite.status, invite.text).toBe(201);

      // the first login, unconfirmed: not "Create a group profile", but "confirm first", with the resend
      await page.goto('/app');
      await expect(page).toHaveURL(/\/user\/login$/);
      await login(page, employee.email);
      await expect(page.getByRole('heading', { name: t.confirmFirst })).toBeVisible();
      await expect(page).toHaveURL(/\/app$/);
      await expect(page.getByTestId('start-confirm')).toContainText(employee.email);
      await shot(page, 'confirm-first', width, lang);
      await page.getByRole('button', { name: t.resend }).click();
      await expect(page.getByTestId('start-resent')).toContainText(t.resent);
      await shot(page, 'confirm-resent', width, lang);

      // the resent mail is the second confirmation mail; its link confirms the address
      const mails = async () => (await (await fetch(`${process.env.MAIL_SINK_URL}/mails`)).json()) as Array<{ to: string[]; text: string }>;
      await expect.poll(async () => (await mails()).filter((m) => m.to.includes(employee.email) && /\/user\/confirm\//.test(m.text)).length).toBe(2);
      const resent = (await mails()).filter((m) => m.to.includes(employee.email) && /\/user\/confirm\//.test(m.text)).pop()!;
      await page.goto(linkPath({ ...resent, subject: '' }, 'confirm'));
      await expect(page.getByText(/Your e-mail address is confirmed|Seu e-mail está confirmado/)).toBeVisible();

      // the landing now shows the invitation, with the whole group name
      await page.goto('/app');
      await expect(page.getByRole('heading', { name: t.invited })).toBeVisible();
      const name = page.getByTestId('membership-name');
      await expect(name).toHaveText(groupName);
      // wrapped, not cut: the element is as wide as its text needs
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await shot(page, 'invitation', width, lang);
      await page.getByRole('button', { name: t.accept }).click();
      await expect(page).toHaveURL(new RegExp(`/account/${accountId}$`));
      await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
    });
  });
}

for (const { width, viewport, lang } of DASHBOARD_LAYOUTS) {
  test.describe(`${lang}, ${width}`, () => {
    test.use({ viewport });
    const t = TEXT[lang];

    test("a new group's dashboard suggests the first steps; once a customer and a ticket exist its rows name them and link to them", async ({ page }) => {
      test.setTimeout(120_000);
      const owner = await apiSignUp('Nina Nova', 'nina', lang);
      const accountId = await apiGroup(owner, 'Nina Consertos');
      const base = `/account/${accountId}`;

      await signIn(page, owner, base);
      await expect(page.getByRole('heading', { name: t.recent })).toBeVisible();
      const steps = page.getByTestId('first-steps');
      await expect(steps).toContainText(t.firstSteps);
      await expect(page.getByTestId('timeline')).toHaveCount(0);
      await expect(page.getByText(t.settingKind)).toHaveCount(0);
      await expect(page.getByText('AccountConfiguration')).toHaveCount(0);
      await expect(steps.getByRole('link', { name: t.addCustomer })).toHaveAttribute('href', `${base}/customers/new`);
      await expect(steps.getByRole('link', { name: t.openTicket })).toHaveAttribute('href', `${base}/tickets/new`);
      await shot(page, 'dashboard-first-steps', width, lang);

      // a customer and a ticket for them (the forms are the tickets module's own specs)
      const customer = await owner.api.post(`/${accountId}`, { klass: 'Customer', name: 'Maria Souza' });
      expect(customer.status, customer.text).toBe(201);
      const ticket = await owner.api.post(`/${accountId}`, { klass: 'Ticket', content: 'Broken screen', priority: 'high', customer_id: customer.body.id });
      expect(ticket.status, ticket.text).toBe(201);
      await untilInChanges(owner, accountId, '#1 Broken screen');

      await page.reload();
      const rows = page.getByTestId('timeline-row');
      await expect(rows.first()).toContainText(`${t.created}`);
      await expect(rows.nth(0)).toContainText(t.ticket);
      await expect(rows.nth(0)).toContainText('#1 Broken screen');
      await expect(rows.nth(1)).toContainText(t.customer);
      await expect(rows.nth(1)).toContainText('Maria Souza');
      await expect(page.getByTestId('first-steps')).toHaveCount(0);
      await expect(page.getByText('AccountConfiguration')).toHaveCount(0);
      await shot(page, 'dashboard-rows', width, lang);

      // each row opens its record
      await rows.nth(0).getByRole('link', { name: '#1 Broken screen' }).click();
      await expect(page).toHaveURL(`${base}/tickets/${ticket.body.id}`);
      await expect(page.getByText('Broken screen').first()).toBeVisible();
      await page.goBack();
      await page.getByTestId('timeline-row').nth(1).getByRole('link', { name: 'Maria Souza' }).click();
      await expect(page).toHaveURL(`${base}/customers/${customer.body.id}`);
      await expect(page.getByText('Maria Souza').first()).toBeVisible();
    });
  });
}
