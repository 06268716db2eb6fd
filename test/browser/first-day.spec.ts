import type { Page } from '@playwright/test';
import { mkdirSync } from 'fs';
import { apiClient, expect, linkPath, login, newEmail, PASSWORD, test, waitForMail } from './fixtures';

// A shop's first day (issue 12, items 3 and 4), at desktop and phone width, in English and Portuguese (the user's
// saved locale): the invited employee who logs in before confirming is told to confirm first (with a resend), and
// after confirming lands on the invitation with the whole group name, whose acceptance opens the group; a new group's
// dashboard suggests the first steps instead of listing its default settings, and once a customer and a ticket exist
// its rows name them in the user's language and link to them.

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const LANGS = ['en', 'pt-BR'] as const;
type Lang = (typeof LANGS)[number];

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
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(150); // Mantine's media queries and transitions settle
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/first-day-${name}-${width}-${lang}.png`, fullPage: true, animations: 'disabled' });
}

/** Registers over the API with the given saved locale; confirmed (and signed in on the returned client) when asked. */
async function signUp(fullname: string, tag: string, locale: Lang, confirm: boolean) {
  const api = apiClient();
  const email = newEmail(tag);
  const reg = await api.post('/_users', { email, fullname, password: PASSWORD, password_confirmation: PASSWORD, accept: true, locale });
  expect(reg.status, reg.text).toBe(201);
  if (confirm) {
    const mail = await waitForMail(email, (m) => /\/user\/confirm\//.test(m.text));
    const token = decodeURIComponent(linkPath(mail, 'confirm').split('/').pop()!);
    const confirmed = await api.post(`/_users/_confirm/${encodeURIComponent(token)}`);
    expect(confirmed.status, confirmed.text).toBe(200);
    const session = await api.post('/_session', { username: email, password: PASSWORD });
    expect(session.status, session.text).toBe(200);
  }
  return { email, api };
}

for (const lang of LANGS) {
  for (const size of WIDTHS) {
    test.describe(`${lang}, ${size.name}`, () => {
      test.use({ viewport: { width: size.width, height: size.height } });
      const t = TEXT[lang];

      test('an invited employee who logs in before confirming is told to confirm first, then lands on the invitation and accepting it opens the group', async ({ page }) => {
        test.setTimeout(120_000);
        const owner = await signUp('Olga Owner', 'olga', lang, true);
        // a long name: the invitation card shows all of it
        const groupName = 'Assistência Técnica Irmãos Figueiredo & Filhos — Unidade Centro';
        const group = await owner.api.post('/accounts', { name: groupName });
        expect(group.status, group.text).toBe(201);
        const accountId: string = group.body.id;
        const employee = await signUp('Edu Employee', 'edu', lang, false);
        const invite = await owner.api.post(`/${accountId}`, { klass: 'Subscription', email: employee.email });
        expect(invite.status, invite.text).toBe(201);

        // the first login, unconfirmed: not "Create a group profile", but "confirm first", with the resend
        await page.goto('/app');
        await expect(page).toHaveURL(/\/user\/login$/);
        await login(page, employee.email);
        await expect(page.getByRole('heading', { name: t.confirmFirst })).toBeVisible();
        await expect(page).toHaveURL(/\/app$/);
        await expect(page.getByTestId('start-confirm')).toContainText(employee.email);
        await shot(page, 'confirm-first', size.name, lang);
        await page.getByRole('button', { name: t.resend }).click();
        await expect(page.getByTestId('start-resent')).toContainText(t.resent);
        await shot(page, 'confirm-resent', size.name, lang);

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
        await shot(page, 'invitation', size.name, lang);
        await page.getByRole('button', { name: t.accept }).click();
        await expect(page).toHaveURL(new RegExp(`/account/${accountId}$`));
        await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
      });

      test("a new group's dashboard suggests the first steps; once a customer and a ticket exist its rows name them and link to them", async ({ page }) => {
        test.setTimeout(120_000);
        const owner = await signUp('Nina Nova', 'nina', lang, true);
        const group = await owner.api.post('/accounts', { name: 'Nina Consertos' });
        expect(group.status, group.text).toBe(201);
        const accountId: string = group.body.id;
        const base = `/account/${accountId}`;

        await page.goto('/app');
        await login(page, owner.email);
        await expect(page).toHaveURL(new RegExp(`${base}$`));
        await expect(page.getByRole('heading', { name: t.recent })).toBeVisible();
        const steps = page.getByTestId('first-steps');
        await expect(steps).toContainText(t.firstSteps);
        await expect(page.getByTestId('timeline')).toHaveCount(0);
        await expect(page.getByText(t.settingKind)).toHaveCount(0);
        await expect(page.getByText('AccountConfiguration')).toHaveCount(0);
        await expect(steps.getByRole('link', { name: t.addCustomer })).toHaveAttribute('href', `${base}/customers/new`);
        await expect(steps.getByRole('link', { name: t.openTicket })).toHaveAttribute('href', `${base}/tickets/new`);
        await shot(page, 'dashboard-first-steps', size.name, lang);

        // a customer and a ticket for them (the forms are the tickets module's own specs)
        const customer = await owner.api.post(`/${accountId}`, { klass: 'Customer', name: 'Maria Souza' });
        expect(customer.status, customer.text).toBe(201);
        const ticket = await owner.api.post(`/${accountId}`, { klass: 'Ticket', content: 'Broken screen', priority: 'high', customer_id: customer.body.id });
        expect(ticket.status, ticket.text).toBe(201);

        await page.reload();
        const rows = page.getByTestId('timeline-row');
        await expect(rows.first()).toContainText(`${t.created}`);
        await expect(rows.nth(0)).toContainText(t.ticket);
        await expect(rows.nth(0)).toContainText('#1 Broken screen');
        await expect(rows.nth(1)).toContainText(t.customer);
        await expect(rows.nth(1)).toContainText('Maria Souza');
        await expect(page.getByTestId('first-steps')).toHaveCount(0);
        await expect(page.getByText('AccountConfiguration')).toHaveCount(0);
        await shot(page, 'dashboard-rows', size.name, lang);

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
}

for (const lang of LANGS) {
  test(`the usage page names the kinds of record in the user's language (${lang})`, async ({ page }) => {
    const names = lang === 'en' ? { customer: 'Customer', group: 'Group', klass: 'Account' } : { customer: 'Cliente', group: 'Grupo', klass: 'Customer' };
    const owner = await signUp('Uma Usage', 'uma', lang, true);
    const group = await owner.api.post('/accounts', { name: 'Uma Oficina' });
    expect(group.status, group.text).toBe(201);
    const accountId: string = group.body.id;
    const customer = await owner.api.post(`/${accountId}`, { klass: 'Customer', name: 'Rui' });
    expect(customer.status, customer.text).toBe(201);
    await page.goto('/app');
    await login(page, owner.email);
    await expect(page).toHaveURL(new RegExp(`/account/${accountId}$`));
    await page.goto(`/account/${accountId}/usage`);
    const chart = page.getByTestId('usage-chart');
    await expect(chart).toContainText(names.customer);
    await expect(chart).toContainText(names.group);
    await expect(chart).not.toContainText(names.klass);
    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await shot(page, 'usage', size.name, lang);
    }
  });
}
