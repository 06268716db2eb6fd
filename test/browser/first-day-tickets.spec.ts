import type { Page } from '@playwright/test';
import { mkdirSync } from 'fs';
import { apiGroup, apiSignUp, expect, inLayouts, shotsWanted, signIn, switchLanguage, test } from './fixtures';

// A shop's first day (issue 12, leftovers), at 1280×800 and 390×844, in English and Portuguese: deleting a customer, a
// ticket, a phone and an address asks in the app's dialog with the record's name (Cancel keeps it, the red button
// deletes it) instead of the browser's confirm() or nothing; on a phone every tab of the tickets menu can be reached
// and the advanced search lists its tickets as cards; comments/new is "Page not found"; a list whose query fails shows
// only its error card with "Try again". Each test goes through the pairs of width and language of LAYOUTS in one page
// (the desktop in English, the phone in Portuguese; all four with BROWSER_SHOTS=1). Screenshots go to
// /tmp/shots12/first-day-tickets-<screen>-<width>-<lang>.png.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SIZES = [DESKTOP, PHONE] as const;
const LANGS = ['en', 'pt-BR'] as const;
type Lang = (typeof LANGS)[number];
const SHOTS = '/tmp/shots12';

const TEXT = {
  en: {
    userMenu: 'User menu',
    deleteButton: 'Delete',
    cancel: 'Cancel',
    customerTitle: 'Delete this customer?',
    ticketTitle: 'Delete this ticket?',
    phoneTitle: 'Delete this phone?',
    addressTitle: 'Delete this address?',
    message: (name: string) => `This deletes “${name}” for everyone in the group. It cannot be undone.`,
    customers: 'Customers',
    tickets: 'Tickets',
    notFound: 'Page not found.',
    retry: 'Try again',
    empty: 'Nothing here yet.',
    doing: 'Doing',
    high: 'High',
    searchText: 'Text',
    search: 'Search',
  },
  'pt-BR': {
    userMenu: 'Menu do usuário',
    deleteButton: 'Excluir',
    cancel: 'Cancelar',
    customerTitle: 'Excluir este cliente?',
    ticketTitle: 'Excluir este chamado?',
    phoneTitle: 'Excluir este telefone?',
    addressTitle: 'Excluir este endereço?',
    message: (name: string) => `Isto exclui “${name}” para todos do grupo. Não pode ser desfeito.`,
    customers: 'Clientes',
    tickets: 'Chamados',
    notFound: 'Página não encontrada.',
    retry: 'Tentar de novo',
    empty: 'Nada aqui ainda.',
    doing: 'Em andamento',
    high: 'Alta',
    searchText: 'Texto',
    search: 'Pesquisar',
  },
} as const;

type Owner = Awaited<ReturnType<typeof apiSignUp>>;

/** The whole page from the top; a dialog as the window shows it (a full-page capture draws the overlay and the sticky
 * top bar where the scroll left them). */
async function shot(page: Page, name: string, lang: Lang): Promise<void> {
  if (!shotsWanted) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(200); // Mantine's transitions settle
  const dialog = name.includes('dialog');
  if (!dialog) await page.evaluate(() => window.scrollTo(0, 0));
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: `${SHOTS}/first-day-tickets-${name}-${width}-${lang}.png`, fullPage: !dialog, animations: 'disabled' });
}

/** The page is no wider than the window: whatever is wide scrolls inside its own box. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll, `page is ${scroll}px wide in a ${inner}px window`).toBeLessThanOrEqual(inner);
}

async function toPortuguese(page: Page): Promise<void> {
  await switchLanguage(page, 'pt-BR'); // saved before the next page is opened
  await expect(page.getByRole('button', { name: TEXT['pt-BR'].userMenu })).toBeVisible();
}

async function create(owner: Owner, accountId: string, doc: Record<string, unknown>): Promise<string> {
  const res = await owner.api.post(`/${accountId}`, doc);
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/** A signed-in owner of a new group (the test opens its first page). */
async function ownerOfNewGroup(page: Page, name: string, tag: string): Promise<{ owner: Owner; accountId: string; base: string }> {
  const owner = await apiSignUp(name, tag);
  const accountId = await apiGroup(owner, `${name}'s shop`);
  await signIn(page, owner, null);
  return { owner, accountId, base: `/account/${accountId}` };
}

test("deleting a customer or a ticket asks in the app's dialog with its name: Cancel keeps it, the red button deletes it", async ({ page }) => {
  test.setTimeout(240_000);
  const { owner, accountId, base } = await ownerOfNewGroup(page, 'Dina Delete', 'dina');
  // the browser's own confirm() must never be asked
  const nativeDialogs: string[] = [];
  page.on('dialog', (d) => {
    nativeDialogs.push(d.message());
    void d.dismiss();
  });

  for (const lang of LANGS) {
    if (lang === 'pt-BR') await toPortuguese(page);
    const x = TEXT[lang];
    for (const size of SIZES) {
      if (!inLayouts(size, lang)) continue;
      await page.setViewportSize(size);
      const name = `Maria Aparecida ${lang} ${size.width}`;
      const customerId = await create(owner, accountId, { klass: 'Customer', name });
      await page.goto(`${base}/customers/${customerId}`);
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();

      // Cancel keeps the customer
      await page.getByRole('button', { name: x.deleteButton, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: x.customerTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('confirm-dialog-message')).toHaveText(x.message(name));
      await expect(dialog.getByRole('button', { name: x.cancel })).toBeFocused();
      await shot(page, 'delete-customer-dialog', lang);
      await dialog.getByRole('button', { name: x.cancel }).click();
      await expect(dialog).toBeHidden();
      expect((await owner.api.get(`/${accountId}/${customerId}`)).status).toBe(200);

      // the red button deletes it and opens the list, where it is gone
      await page.getByRole('button', { name: x.deleteButton, exact: true }).click();
      await dialog.getByRole('button', { name: x.deleteButton }).click();
      await expect(page).toHaveURL(new RegExp(`${base}/customers$`));
      await expect(page.getByRole('heading', { name: x.customers })).toBeVisible();
      await expect(page.getByText(name)).toHaveCount(0);
      expect((await owner.api.get(`/${accountId}/${customerId}`)).status).toBe(404);

      // a ticket the same way, named by its number and title
      const ticketId = await create(owner, accountId, { klass: 'Ticket', content: `Printer jams ${lang} ${size.width}` });
      const ticket = (await owner.api.get(`/${accountId}/${ticketId}`)).body;
      await page.goto(`${base}/tickets/${ticketId}`);
      await page.getByRole('button', { name: x.deleteButton, exact: true }).click();
      const ticketDialog = page.getByRole('dialog', { name: x.ticketTitle });
      await expect(ticketDialog.getByTestId('confirm-dialog-message')).toHaveText(x.message(`#${ticket.number} ${ticket.title}`));
      await shot(page, 'delete-ticket-dialog', lang);
      await ticketDialog.getByRole('button', { name: x.deleteButton }).click();
      await expect(page).toHaveURL(new RegExp(`${base}/tickets$`));
      expect((await owner.api.get(`/${accountId}/${ticketId}`)).status).toBe(404);
    }
  }
  expect(nativeDialogs).toEqual([]);
});

test("deleting a phone or an address on the admin page asks in the app's dialog with its description and number", async ({ page }) => {
  test.setTimeout(240_000);
  const { owner, accountId, base } = await ownerOfNewGroup(page, 'Paulo Phones', 'paulo');
  const phones = [
    { id: 'p-keep', description: 'Front desk', number: '+55 11 5555-0101', main: true },
    ...SIZES.flatMap((s) => LANGS.map((l) => ({ id: `p-${l}-${s.width}`, description: `Workshop ${l} ${s.width}`, number: `+55 11 5555-${s.width}` }))),
  ];
  const addresses = [{ id: 'a-1', description: 'Shop', street: 'Rua Augusta', number: '1500', city: 'São Paulo', state: 'SP', main: true }];
  await create(owner, accountId, { klass: 'AccountConfiguration', key: 'phones', value: JSON.stringify(phones) });
  await create(owner, accountId, { klass: 'AccountConfiguration', key: 'addresses', value: JSON.stringify(addresses) });
  const stored = async (key: string) => {
    const found = await owner.api.post(`/${accountId}/_find`, { selector: { klass: 'AccountConfiguration', key } });
    return (JSON.parse(found.body.docs[0].value) as Array<{ id: string }>).map((e) => e.id);
  };
  const nativeDialogs: string[] = [];
  page.on('dialog', (d) => {
    nativeDialogs.push(d.message());
    void d.dismiss();
  });

  for (const lang of LANGS) {
    if (lang === 'pt-BR') await toPortuguese(page);
    const x = TEXT[lang];
    for (const size of SIZES) {
      if (!inLayouts(size, lang)) continue;
      await page.setViewportSize(size);
      await page.goto(`${base}/admin`);
      const card = page.getByTestId('phones-card');
      const description = `Workshop ${lang} ${size.width}`;
      const row = card.getByRole('row').filter({ hasText: description });
      await expect(row).toBeVisible();
      await expectNoSidewaysScroll(page);

      // Cancel keeps the phone
      await row.getByRole('button', { name: x.deleteButton }).click();
      const dialog = page.getByRole('dialog', { name: x.phoneTitle });
      await expect(dialog.getByTestId('confirm-dialog-message')).toHaveText(x.message(`${description} · +55 11 5555-${size.width}`));
      await shot(page, 'delete-phone-dialog', lang);
      await dialog.getByRole('button', { name: x.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toBeVisible();
      expect(await stored('phones')).toContain(`p-${lang}-${size.width}`);

      // the red button deletes it; the other phones stay
      await row.getByRole('button', { name: x.deleteButton }).click();
      await dialog.getByRole('button', { name: x.deleteButton }).click();
      await expect(dialog).toBeHidden();
      await expect(card.getByText(description)).toHaveCount(0);
      await expect(card.getByText('Front desk')).toBeVisible();
      expect(await stored('phones')).not.toContain(`p-${lang}-${size.width}`);
      expect(await stored('phones')).toContain('p-keep');
    }
  }

  // an address asks the same way
  await page.setViewportSize(PHONE);
  const x = TEXT['pt-BR'];
  const card = page.getByTestId('addresses-card');
  await card.getByRole('button', { name: x.deleteButton }).click();
  const dialog = page.getByRole('dialog', { name: x.addressTitle });
  await expect(dialog.getByTestId('confirm-dialog-message')).toHaveText(x.message('Shop · Rua Augusta, 1500 · São Paulo/SP'));
  await shot(page, 'delete-address-dialog', 'pt-BR');
  await dialog.getByRole('button', { name: x.deleteButton }).click();
  await expect(dialog).toBeHidden();
  expect(await stored('addresses')).toEqual([]);
  expect(nativeDialogs).toEqual([]);
});

test('on a phone every tickets menu tab can be reached and the search lists cards; comments/new is Page not found; a failed list shows only its error card', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(PHONE);
  const { owner, accountId, base } = await ownerOfNewGroup(page, 'Fabi Phone', 'fabi');
  // the maintenance feature (a default setting, off) adds the menu's two last tabs
  const found = await owner.api.post(`/${accountId}/_find`, { selector: { klass: 'AccountConfiguration', key: 'maintenance' } });
  const setting = found.body.docs[0];
  const on = await owner.api.put(`/${accountId}/${setting._id}`, { ...setting, value: true });
  expect(on.status, on.text).toBeLessThan(300);
  const customerId = await create(owner, accountId, { klass: 'Customer', name: 'Maria Aparecida dos Santos Oliveira' });
  const ticketId = await create(owner, accountId, { klass: 'Ticket', content: 'Notebook does not power on after the storm', priority: 'high', customer_id: customerId });
  expect((await owner.api.put(`/${accountId}/_design/ticket-status/_update/doing/${ticketId}`)).status).toBeLessThan(300);

  for (const lang of LANGS) {
    if (lang === 'pt-BR') await toPortuguese(page);
    const x = TEXT[lang];
    for (const size of [PHONE, DESKTOP]) {
      if (!inLayouts(size, lang)) continue;
      await page.setViewportSize(size);
      const phone = size === PHONE;

      // the module's menu: every tab is inside the window, none cut off, and each one opens its screen
      await page.goto(`${base}/tickets`);
      const nav = page.getByTestId('tickets-nav');
      const tabs = nav.getByRole('link');
      await expect(tabs).toHaveCount(11);
      for (let i = 0; i < 11; i++) {
        const box = (await tabs.nth(i).boundingBox())!;
        expect(box.x, `tab ${i} starts inside the window`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `tab ${i} ends inside the window`).toBeLessThanOrEqual(size.width);
      }
      await expectNoSidewaysScroll(page);
      await shot(page, 'tickets-nav', lang);
      await tabs.last().click();
      await expect(page).toHaveURL(new RegExp(`${base}/maintenance$`));

      // the advanced search: cards on a phone with whole words, the table on a desktop
      await page.goto(`${base}/tickets-search`);
      await page.getByRole('textbox', { name: x.searchText }).fill('notebook');
      await page.getByRole('button', { name: x.search, exact: true }).click();
      if (phone) {
        const card = page.getByTestId('ticket-card');
        await expect(card).toHaveCount(1);
        await expect(card.getByTestId('status-badge')).toHaveText(x.doing);
        await expect(card.getByTestId('priority-badge')).toHaveText(x.high);
        await expect(card.getByTestId('ticket-card-customer')).toContainText('Maria Aparecida dos Santos Oliveira');
        await expect(page.getByTestId('tickets-table')).toHaveCount(0);
      } else {
        await expect(page.getByTestId('ticket-row')).toHaveCount(1);
        await expect(page.getByTestId('ticket-card')).toHaveCount(0);
      }
      await expectNoSidewaysScroll(page);
      await shot(page, 'search', lang);

      // comments only have a show page: comments/new is the friendly Page not found, no error banner
      await page.goto(`${base}/comments/new`);
      await expect(page.getByTestId('page-not-found')).toHaveText(x.notFound);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await shot(page, 'comments-new', lang);

      // a list whose query fails: only the error card with a retry, no "Nothing here yet."; the retry shows the rows
      let fail = true;
      await page.route(`**/${accountId}/_find`, async (route) => {
        const body = route.request().postDataJSON() as { selector?: { klass?: string } };
        if (fail && body.selector?.klass === 'Customer')
          return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'internal_server_error', reason: 'The query took too long and was stopped' }) });
        return route.continue();
      });
      await page.goto(`${base}/customers`);
      await expect(page.getByRole('button', { name: x.retry })).toBeVisible();
      await expect(page.getByText(x.empty)).toHaveCount(0);
      await shot(page, 'list-error', lang);
      fail = false;
      await page.getByRole('button', { name: x.retry }).click();
      await expect(page.getByRole('link', { name: 'Maria Aparecida dos Santos Oliveira' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await page.unroute(`**/${accountId}/_find`);
    }
  }
});
