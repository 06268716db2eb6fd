import type { Page } from '@playwright/test';
import { mkdirSync } from 'fs';
import { apiClient, apiGroup, apiSignUp, expect, LAYOUTS, linkPath, newEmail, PASSWORD, shotsWanted, signIn, test, waitForMail } from './fixtures';

// Issue 12, item 7 and parts of 8, at 1280×800 in English and 390×844 in Portuguese (LAYOUTS; all four with
// BROWSER_SHOTS=1): the empty ticket form says where checklists come from (and how to turn them on while the feature is
// off); a ticket created without a category, then given one with a checklist, shows that checklist; comments show their
// markdown formatted and tags as text; the language switch reloads the session; the profile's avatar shows initials,
// its gravatar switch off by default; a confirmation link opened again says so in words. Screenshots in en and pt-BR:
// /tmp/shots12/checklist-<name>-<width>-<lang>.png.

const SHOTS = '/tmp/shots12';

async function shot(page: Page, name: string, lang: string): Promise<void> {
  if (!shotsWanted) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(150); // Mantine's transitions settle
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/checklist-${name}-${page.viewportSize()!.width}-${lang}.png`, fullPage: true, animations: 'disabled' });
}

type Api = Awaited<ReturnType<typeof apiSignUp>>['api'];

async function setFeature(api: Api, accountId: string, key: string, value: unknown): Promise<void> {
  const found = await api.post(`/${accountId}/_find`, { selector: { klass: 'AccountConfiguration', key } });
  expect(found.status, found.text).toBe(200);
  const doc = found.body.docs[0];
  const saved = doc ? await api.put(`/${accountId}/${doc._id}?rev=${doc._rev}`, { value }) : await api.post(`/${accountId}`, { klass: 'AccountConfiguration', key, value });
  expect(saved.status, saved.text).toBeLessThan(300);
}

async function switchLanguage(page: Page, to: 'en' | 'pt-BR'): Promise<void> {
  await page.getByRole('button', { name: to === 'pt-BR' ? 'User menu' : 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: to === 'pt-BR' ? 'Português (Brasil)' : 'English' }).click();
}

/** An owner (English) of a new group with a category whose checklist has two items. */
async function shopWithCategory() {
  const owner = await apiSignUp('Cleo Checklist', 'cleo');
  const accountId = await apiGroup(owner, 'Cleo Repairs');
  const category = await owner.api.post(`/${accountId}`, { klass: 'Category', name: 'Phones', checklist: 'Check the screen\nTest the battery' });
  expect(category.status, category.text).toBe(201);
  return { owner, accountId, categoryId: category.body.id as string, base: `/account/${accountId}` };
}

// English on the desktop, Portuguese on the phone (LAYOUTS; all four with BROWSER_SHOTS=1)
for (const { viewport, lang } of LAYOUTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    if (lang === 'en')
      test('en: the empty form says where checklists come from; a ticket created without a category, then given one with a checklist, shows that checklist; comments show markdown safely', async ({ page }) => {
        const { owner, accountId, base } = await shopWithCategory();

        // the empty form, checklists off (the default of spec §3): where they come from and how to turn them on
        await signIn(page, owner, `${base}/tickets/new`);
        const hint = page.getByTestId('checklist-hint');
        await expect(hint).toHaveText(
          'A ticket gets the checklist of its category; edit checklists under Categories. Checklists show on tickets when the Checklist feature is on (Admin page → Features).',
        );
        await shot(page, 'form-feature-off', 'en');

        await setFeature(owner.api, accountId, 'checklist', true);
        await page.reload();
        await expect(hint).toHaveText('A ticket gets the checklist of its category; edit checklists under Categories.');
        await shot(page, 'form', 'en');
        await page.getByRole('textbox', { name: /Reported problem/ }).fill('Phone does not charge');
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByTestId('ticket-content')).toHaveText('Phone does not charge');
        await expect(page.getByTestId('checklist')).toHaveCount(0);
        const ticketUrl = page.url();

        // the category set later brings its checklist
        await page.getByRole('link', { name: 'Edit' }).click();
        await page.getByRole('textbox', { name: /^Category/ }).click();
        await page.getByRole('option', { name: 'Phones', exact: true }).click();
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(page).toHaveURL(ticketUrl);
        const checklist = page.getByTestId('checklist');
        await expect(checklist).toBeVisible();
        await expect(checklist.getByRole('checkbox')).toHaveCount(2);
        await expect(checklist.getByText('Check the screen')).toBeVisible();
        await expect(checklist.getByText('Test the battery')).toBeVisible();

        // a comment with markdown and tags: formatted marks, tags as text, nothing run
        await page.evaluate(() => ((window as unknown as { hacked?: boolean }).hacked = false));
        await page.getByRole('textbox', { name: 'New comment' }).fill('Ready in **3 dias**, _maybe_ sooner.\n<img src="x" onerror="window.hacked = true"> <script>window.hacked = true</script>');
        await page.getByRole('button', { name: 'Add comment' }).click();
        const comment = page.getByTestId('comment-text');
        await expect(comment.locator('strong')).toHaveText('3 dias');
        await expect(comment.locator('em')).toHaveText('maybe');
        await expect(comment).toContainText('<img src="x" onerror="window.hacked = true"> <script>window.hacked = true</script>');
        await expect(comment.locator('img, script')).toHaveCount(0);
        expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBe(false);
        await shot(page, 'ticket', 'en');
      });
    else
      test("pt-BR: the language switch reloads the session; the ticket's checklist, the form's hints and the profile's avatar and gravatar switch in Portuguese, the switch again in English", async ({ page }) => {
        const { owner, accountId, categoryId, base } = await shopWithCategory();
        await setFeature(owner.api, accountId, 'checklist', true);
        const ticket = await owner.api.post(`/${accountId}`, { klass: 'Ticket', content: 'Phone does not charge', category_id: categoryId });
        expect(ticket.status, ticket.text).toBe(201);
        await signIn(page, owner, `${base}/tickets/${ticket.body.id}`);
        await expect(page.getByTestId('checklist').getByRole('checkbox')).toHaveCount(2);

        // pt-BR: the language switch saves the locale and reloads the session (spec §7)
        const reloaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/_session' && r.request().method() === 'GET');
        await switchLanguage(page, 'pt-BR');
        await reloaded;
        await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
        await expect(page.getByTestId('checklist')).toContainText('Checklist (0/2)');
        await shot(page, 'ticket', 'pt-BR');
        await page.goto(`${base}/tickets/new`);
        await expect(page.getByTestId('checklist-hint')).toHaveText('Um chamado recebe a checklist da sua categoria; edite as checklists em Categorias.');
        await shot(page, 'form', 'pt-BR');
        await setFeature(owner.api, accountId, 'checklist', false);
        await page.reload();
        await expect(page.getByTestId('checklist-hint')).toContainText('(Administração → Funcionalidades)');
        await shot(page, 'form-feature-off', 'pt-BR');

        // the profile: the avatar shows initials, the gravatar switch is off by default
        await page.goto('/user/profile');
        const gravatar = page.getByRole('switch', { name: /Mostrar minha foto do Gravatar/ });
        await expect(gravatar).not.toBeChecked();
        await expect(page.getByText('CC', { exact: true })).toBeVisible();
        await shot(page, 'profile', 'pt-BR');
        await switchLanguage(page, 'en');
        await expect(page.getByRole('switch', { name: /Show my Gravatar picture/ })).not.toBeChecked();
        await shot(page, 'profile', 'en');
      });
  });
}

test('a confirmation link opened again says it was already used, with log in and a new e-mail, in en and pt-BR', async ({ page, browser }) => {
  const api = apiClient();
  const email = newEmail('reuse');
  const reg = await api.post('/_users', { email, fullname: 'Rui Reuse', password: PASSWORD, password_confirmation: PASSWORD, accept: true, locale: 'en' });
  expect(reg.status, reg.text).toBe(201);
  const link = linkPath(await waitForMail(email, (m) => /\/user\/confirm\//.test(m.text)), 'confirm');
  await page.goto(link);
  await expect(page.getByText('Your e-mail address is confirmed. You can log in now.')).toBeVisible();

  // opened again, in a browser speaking each language (LAYOUTS: the desktop in English, the phone in Portuguese)
  for (const { viewport, lang } of LAYOUTS) {
    const context = await browser.newContext({ baseURL: process.env.BROWSER_BASE_URL, viewport, locale: lang === 'en' ? 'en-US' : 'pt-BR' });
    const again = await context.newPage();
    await again.goto(link);
    if (lang === 'en') {
      await expect(again.getByTestId('confirm-link-used')).toContainText('This link was already used or has expired');
      await expect(again.getByText('token_missing')).toHaveCount(0);
      await expect(again.getByRole('link', { name: 'Log in' })).toBeVisible();
      await expect(again.getByRole('link', { name: 'Resend the confirmation e-mail' })).toBeVisible();
    } else {
      await expect(again.getByTestId('confirm-link-used')).toContainText('Este link já foi usado ou expirou');
    }
    await shot(again, 'confirm-used', lang);
    await context.close();
  }
});
