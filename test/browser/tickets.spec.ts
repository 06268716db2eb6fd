import type { Page } from '@playwright/test';
import { apiGroup, apiSignUp, expect, screens, shotsWanted, signIn, switchLanguage, test } from './fixtures';

// The tickets module remote (frontends/tickets, loaded by the shell from /modules/tickets/) against the real stack:
// a customer with a CPF (a wrong one refused under the field), equipment, a category with a checklist, a ticket from a
// two-line problem (its title is the first line), the checklist ticked, the card moved across the board to done, a
// comment, the 2-copy service receipt and a printable estimate (screenshots, and page.pdf() into the test's output
// dir), and the shell's open-ticket badge colour and dashboard priority bar following the tickets.

const VALID_CPF = '529.982.247-25';
const WRONG_CPF = '529.982.247-26';

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, label: RegExp, option: string): Promise<void> {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function setFeature(api: Awaited<ReturnType<typeof apiSignUp>>['api'], accountId: string, key: string, value: unknown): Promise<void> {
  const found = await api.post(`/${accountId}/_find`, { selector: { klass: 'AccountConfiguration', key } });
  expect(found.status, found.text).toBe(200);
  const doc = found.body.docs[0];
  const saved = doc ? await api.put(`/${accountId}/${doc._id}?rev=${doc._rev}`, { value }) : await api.post(`/${accountId}`, { klass: 'AccountConfiguration', key, value });
  expect(saved.status, saved.text).toBeLessThan(300);
}

test('customers, equipment, a ticket through its checklist, the board, comments, receipts and estimates', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const owner = await apiSignUp('Tina Tickets', 'tina');
  const accountId = await apiGroup(owner, 'Tina Repairs');
  const base = `/account/${accountId}`;
  // the shop's data printed on receipts, and the checklist feature
  await setFeature(owner.api, accountId, 'checklist', true);
  await setFeature(owner.api, accountId, 'receipt-configuration', 'Equipment not collected within 90 days will be discarded.');
  await setFeature(owner.api, accountId, 'estimate-observation', 'Valid for 15 days.');
  await setFeature(owner.api, accountId, 'phones', JSON.stringify([{ id: 'p1', main: true, description: 'Front desk', number: '+55 11 5555-0101' }]));

  await signIn(page, owner, base);

  // no ticket yet: a grey badge
  const badge = page.getByTestId('account-menu-wide').getByTestId('open-ticket-badge');
  await expect(badge).toHaveAttribute('data-colour', 'grey');
  await expect(badge).toHaveText('0');

  // a customer: a CPF with wrong check digits is refused under the field, a right one is stored
  await page.goto(`${base}/customers/new`);
  await page.getByRole('textbox', { name: /^Name/ }).fill('Maria Silva');
  await page.getByTestId('brazil-switch').click(); // English interface: the Brazil-only fields are behind the switch
  const cpf = page.getByRole('textbox', { name: /^CPF/ });
  await cpf.fill(WRONG_CPF);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(cpf).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('is invalid')).toBeVisible();
  await screens(page, 't01-customer-cpf-refused');
  await cpf.fill(VALID_CPF);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Maria Silva' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${base}/customers/cus-`));
  await expect(page.getByTestId('field-cpf')).toContainText(/529\.?982\.?247-?25|52998224725/);
  // the service checks the digits too (the same rule): a wrong CPF sent over the API is a 422 on cpf
  const refused = await owner.api.post(`/${accountId}`, { klass: 'Customer', name: 'Bad Doc', cpf: WRONG_CPF });
  expect(refused.status).toBe(422);
  expect(['is invalid', 'is-invalid']).toContain(refused.body.reason?.cpf); // the message or its key (spec §5)

  // equipment of that customer
  await page.getByRole('link', { name: 'New', exact: true }).first().click(); // the customer's equipment section
  await expect(page).toHaveURL(new RegExp(`${base}/equipment/new\\?customer_id=cus-`));
  await page.getByRole('textbox', { name: /^Identifier/ }).fill('NB-001');
  await page.getByRole('textbox', { name: /^Maker/ }).fill('Acme');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'NB-001' })).toBeVisible();
  await expect(page.getByTestId('field-customer_id')).toContainText('Maria Silva');

  // a category whose checklist new tickets get
  await page.goto(`${base}/categories/new`);
  await page.getByRole('textbox', { name: /^Name/ }).fill('Laptops');
  await page.getByRole('textbox', { name: /^Checklist/ }).fill('Check the battery\nClean the fan');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Laptops' })).toBeVisible();

  // a ticket from a two-line problem: the title preview and then the stored title are the first line
  await page.goto(`${base}/tickets/new`);
  await page.getByRole('textbox', { name: /Reported problem/ }).fill('Laptop does not boot\nbeeps three times on power');
  await expect(page.getByTestId('title-preview')).toHaveText('Title: Laptop does not boot');
  await choose(page, /^Customer/, 'Maria Silva');
  await choose(page, /^Equipment$/, 'NB-001');
  await choose(page, /^Category/, 'Laptops');
  await choose(page, /^Technician/, 'Tina Tickets'); // the accepted members of the group
  await page.getByText('High', { exact: true }).click();
  await screens(page, 't02-ticket-new');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: '#1 Laptop does not boot' })).toBeVisible();
  await expect(page.getByTestId('ticket-content')).toHaveText('Laptop does not boot\nbeeps three times on power');
  await expect(page.getByTestId('field-technical_id')).toHaveText('Tina Tickets');
  const ticketUrl = page.url();
  const ticketId = ticketUrl.split('/').pop()!;

  // its checklist, ticked through the checklist handler
  const checklist = page.getByTestId('checklist');
  await expect(checklist).toContainText('Checklist (0/2)');
  const toggled = page.waitForResponse((r) => r.url().includes('/_design/ticket-checklist/_update/toggle/') && r.request().method() === 'PUT');
  await checklist.getByRole('checkbox', { name: 'Check the battery' }).click();
  expect((await toggled).status()).toBe(200);
  await expect(checklist).toContainText('Checklist (1/2)');
  await page.reload();
  await expect(page.getByTestId('checklist').getByRole('checkbox', { name: 'Check the battery' })).toBeChecked();

  // a comment
  await page.getByRole('textbox', { name: 'New comment' }).fill('Battery was flat, charging now');
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(page.getByTestId('comment')).toContainText('Battery was flat, charging now');
  await expect(page.getByTestId('comment')).toContainText('Tina Tickets');
  await screens(page, 't03-ticket-show');

  // editing: the found problem is saved; an edit of a record changed meanwhile is refused with the conflict message
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByRole('textbox', { name: 'Found problem' }).fill('Battery at 0 %');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Battery at 0 %')).toBeVisible();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByRole('textbox', { name: 'Found problem' }).fill('Battery at 0 %, charger broken');
  const fresh = await owner.api.get(`/${accountId}/${ticketId}`);
  const changed = await owner.api.put(`/${accountId}/${ticketId}?rev=${fresh.body._rev}`, { ...fresh.body, equipment_observation: 'scratched lid' });
  expect(changed.status, changed.text).toBe(200);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Record updated by someone else, please refresh');
  await screens(page, 't03b-ticket-conflict');
  await page.goto(ticketUrl);
  await expect(page.getByTestId('field-equipment_observation')).toHaveText('scratched lid');

  // a second, low-priority ticket (over the API) so the priority bar has two parts; the badge turns amber
  const second = await owner.api.post(`/${accountId}`, { klass: 'Ticket', content: 'Replace keyboard', priority: 'low' });
  expect(second.status, second.text).toBe(201);
  await page.goto(base);
  await expect(badge).toHaveAttribute('data-colour', 'amber');
  await expect(badge).toHaveText('2');
  const bar = page.getByTestId('priority-bar');
  await expect(bar.getByTestId('priority-high')).toHaveAttribute('data-percent', '50');
  await expect(bar.getByTestId('priority-low')).toHaveAttribute('data-percent', '50');
  await screens(page, 't04-dashboard-two-open');

  // the board: the card dragged to doing, then to done (the status handler each time)
  await page.goto(`${base}/ticket-board`);
  const card = page.getByTestId('board-card-1');
  await expect(page.getByTestId('board-column-open').getByTestId('board-card-1')).toBeVisible();
  for (const status of ['doing', 'done']) {
    const moved = page.waitForResponse((r) => r.url().includes(`/_design/ticket-status/_update/${status}/${ticketId}`) && r.request().method() === 'PUT');
    await card.dragTo(page.getByTestId(`board-column-${status}`));
    expect((await moved).status()).toBe(200);
    await expect(page.getByTestId(`board-column-${status}`).getByTestId('board-card-1')).toBeVisible();
  }
  await expect(page.getByTestId('board-column-open').getByTestId('board-card-1')).toHaveCount(0);
  // the shell's badge follows the remote's write at once, without a reload (the remote's queries and the badge share the
  // shell's query cache: react-query is a host singleton)
  await expect(badge).toHaveText('1');
  await page.reload();
  await expect(page.getByTestId('board-column-done').getByTestId('board-card-1')).toBeVisible();
  await screens(page, 't05-board');

  // the ticket says done, with its status history
  await page.goto(ticketUrl);
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('status-history').getByRole('row')).toHaveCount(4); // header + open, doing, done

  // the badge and the bar follow: one open ticket left, a low one
  await page.goto(base);
  await expect(badge).toHaveText('1');
  await expect(badge).toHaveAttribute('data-colour', 'amber');
  await expect(bar.getByTestId('priority-low')).toHaveAttribute('data-percent', '100');
  await expect(bar.getByTestId('priority-high')).toHaveCount(0);
  await screens(page, 't06-dashboard-one-open');

  // the 2-copy service receipt: the same receipt twice with a cut line; a PDF of the print layout
  await page.goto(ticketUrl);
  await page.getByRole('link', { name: 'Receipt', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/receipts/service/${ticketId}$`));
  const copies = page.getByTestId('receipt-copy');
  await expect(copies).toHaveCount(2);
  for (const copy of await copies.all()) {
    await expect(copy.getByTestId('receipt-shop')).toHaveText('Tina Repairs');
    await expect(copy.getByTestId('receipt-number')).toHaveText('#1');
    await expect(copy.getByTestId('receipt-customer')).toHaveText('Maria Silva');
    await expect(copy.getByTestId('receipt-equipment')).toHaveText('NB-001');
    await expect(copy.getByTestId('receipt-problem')).toContainText('beeps three times on power');
    await expect(copy.getByTestId('receipt-phones')).toContainText('Front desk: +55 11 5555-0101');
    await expect(copy.getByTestId('receipt-configuration')).toHaveText('Equipment not collected within 90 days will be discarded.');
  }
  await expect(page.getByTestId('receipt-cut')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.getByTestId('pdf-link')).toHaveAttribute('href', new RegExp(`^/${accountId}/receipts/service/${ticketId}\\.pdf\\?tz=`)); // printed in the browser's time zone
  await screens(page, 't07-service-receipt');
  await page.emulateMedia({ media: 'print' });
  // printing hides the shell's chrome and the buttons
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  if (shotsWanted) {
    await page.screenshot({ path: testInfo.outputPath('service-receipt-print.png'), fullPage: true });
    await page.pdf({ path: testInfo.outputPath('service-receipt.pdf'), format: 'A4', preferCSSPageSize: true });
  }
  await page.emulateMedia({ media: 'screen' });
  // the server's PDF of the same receipt (the gateway's receipts route)
  const pdf = await page.request.get(`/${accountId}/receipts/service/${ticketId}.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  // the contract receipt is on demand: not offered for a ticket without a contract
  await page.goto(ticketUrl);
  await expect(page.getByRole('link', { name: 'Receipt', exact: true })).toBeVisible();
  await expect(page.getByTestId('contract-receipt-link')).toHaveCount(0);

  // an estimate for the ticket: quantity × value per line and the total, then the printable estimate
  await page.getByRole('link', { name: 'New estimate' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/estimates/new\\?ticket_id=${ticketId}`));
  await page.getByRole('textbox', { name: /^Description/ }).first().fill('Battery replacement');
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByRole('button', { name: 'Add item' }).click();
  const rows = page.getByTestId('item-row');
  await rows.nth(0).getByLabel('Description').fill('Battery');
  await rows.nth(0).getByLabel('Quantity').fill('1');
  await rows.nth(0).getByLabel('Value').fill('249.9');
  await rows.nth(1).getByLabel('Description').fill('Labour (hours)');
  await rows.nth(1).getByLabel('Quantity').fill('1.5');
  await rows.nth(1).getByLabel('Value').fill('80');
  await expect(page.getByTestId('items-total')).toHaveText('Total: US$\u00a0369.90');
  await page.getByRole('textbox', { name: /^Observation/ }).fill('Parts ordered on approval.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: '#1 Battery replacement' })).toBeVisible();
  await expect(page.getByTestId('estimate-total')).toHaveText('US$\u00a0369.90');
  await expect(page.getByTestId('field-total')).toHaveText('US$\u00a0369.90'); // the service's Σ quantity × value
  await page.getByRole('link', { name: 'Printable estimate' }).click();
  await expect(page.getByTestId('receipt-total')).toHaveText('US$\u00a0369.90');
  await expect(page.getByTestId('receipt-items').getByRole('row')).toHaveCount(4); // header, 2 items, total
  await expect(page.getByTestId('receipt-observation')).toHaveText('Parts ordered on approval.');
  await expect(page.getByTestId('receipt-estimate-observation')).toHaveText('Valid for 15 days.');
  await screens(page, 't08-estimate');
  if (shotsWanted) {
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: testInfo.outputPath('estimate-print.png'), fullPage: true });
    await page.pdf({ path: testInfo.outputPath('estimate.pdf'), format: 'A4', preferCSSPageSize: true });
    await page.emulateMedia({ media: 'screen' });
  }

  // in Portuguese: the module's texts, day/month/year dates, the Brazil-only fields shown at once
  await page.goto(`${base}/receipts/service/${ticketId}`);
  await switchLanguage(page, 'pt-BR'); // saved before the next page is opened
  await expect(page.getByTestId('receipt-copy').first()).toContainText('Via da loja');
  const d = new Date();
  const today = `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
  await expect(page.getByTestId('receipt-copy').first()).toContainText(`Data: ${today}`);
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  await page.goto(`${base}/customers/new`);
  await expect(page.getByRole('textbox', { name: /^CPF/ })).toBeVisible();
  await screens(page, 't09-customer-pt-BR');
  await switchLanguage(page, 'en');

  // my tickets: the ones I am the technician of
  await page.goto(`${base}/my-tickets`);
  await expect(page.getByTestId('ticket-row')).toHaveCount(1);
  await expect(page.getByTestId('ticket-row')).toContainText('#1 Laptop does not boot');

  // search finds the ticket by a word of its problem
  await page.goto(`${base}/tickets-search`);
  await page.getByRole('textbox', { name: 'Text' }).fill('BEEPS');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('ticket-row')).toHaveCount(1);
  await expect(page.getByTestId('ticket-row')).toContainText('#1 Laptop does not boot');
});
