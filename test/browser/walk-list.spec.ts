import { mkdirSync, utimesSync, writeFileSync } from 'fs';
import type { Locator, Page } from '@playwright/test';
import { apiGroup, apiMember, apiSignUp, expect, LAYOUTS, PASSWORD, shotsWanted, signIn, test, type Layout } from './fixtures';
import { ReaderFeeds } from './reader-fixtures';

// Issue 28, the browser walk's list: what a shop met at 1280×800 and 390×844, each fixed and checked here at both
// widths (LAYOUTS: desktop in English, phone in Portuguese; all four pairs with BROWSER_SHOTS=1, the screenshots in
// /tmp/shots28/<step>-<width>-<language>.png):
//  1. a new version of the same file picked again in the disk's Versions dialog is stored;
//  2. the WebDAV setup's token link opens the token form with write preselected and a reason, and its way back fills
//     the new token into the setup;
//  3. an administrator switches the reader on from the module switcher; a feed typed without http:// is tried as
//     https, then http, and a failure says what failed for each;
//  4. an administrator sees the members' e-mail addresses on the list and a member's page;
//  5. finance's Others menu holds finance's categories (the month by category), not the tickets module's;
//  6. the reader's admin tiles count its items, subscriptions and labels; the features card is the ticket module's;
//  7. a contract without a description is titled by its customer and day;
//  8. Portuguese words: "nenhum arquivo, nenhuma pasta", "0 bytes", the disk is "Disco" in the user menu;
//  9. the login's empty password, the unticked accept box, the groups index without sub groups, the settings page
//     with its version card, 10-row textareas, a long group name cut at 10em;
// 10. the footer's year and release come from the build.

const SHOTS = '/tmp/shots28';

const WORDS = {
  en: {
    userMenu: 'User menu',
    mainMenu: 'Main menu',
    others: 'Others',
    versions: 'Versions',
    actionsFor: (name: string) => `Actions for ${name}`,
    readWrite: 'Read and write',
    createToken: 'Create token',
    backToSetup: 'Back to the WebDAV setup with this token',
    emptyDisk: 'no files, no folders',
    zeroBytes: '0 bytes of ',
    oneFile: '1 file, no folders',
    diskModule: 'Disk',
    readerModule: 'Reader',
    switchOn: 'Switch on',
    address: /Address/,
    save: 'Save',
    refusedBoth: (https: string) => `${https} refused the connection`,
    settings: 'Settings',
    noPassword: 'Please provide username and password',
    mustBeAccepted: 'must be accepted',
    newSubGroup: 'New sub group',
    categoriesByMonth: 'Categories by month',
    features: 'Features',
    releaseWord: 'Release',
  },
  'pt-BR': {
    userMenu: 'Menu do usuário',
    mainMenu: 'Menu principal',
    others: 'Outros',
    versions: 'Versões',
    actionsFor: (name: string) => `Ações de ${name}`,
    readWrite: 'Leitura e escrita',
    createToken: 'Criar token',
    backToSetup: 'Voltar à configuração do WebDAV com este token',
    emptyDisk: 'nenhum arquivo, nenhuma pasta',
    zeroBytes: '0 bytes de ',
    oneFile: '1 arquivo, nenhuma pasta',
    diskModule: 'Disco',
    readerModule: 'Leitor',
    switchOn: 'Ligar',
    address: /Endereço/,
    save: 'Salvar',
    refusedBoth: (https: string) => `${https} recusou a conexão`,
    settings: 'Configurações',
    noPassword: 'Por favor, informe usuário e senha',
    mustBeAccepted: 'deve ser aceito',
    newSubGroup: 'Novo subgrupo',
    categoriesByMonth: 'Categorias por mês',
    features: 'Recursos',
    releaseWord: 'Versão de',
  },
} as const;

/** Screenshots of a step when BROWSER_SHOTS=1 (the page from its top, whole). */
function shooter(page: Page, layout: Layout) {
  return async (step: string, on: Page = page) => {
    if (!shotsWanted) return;
    mkdirSync(SHOTS, { recursive: true });
    await on.waitForTimeout(200); // Mantine's transitions settle
    await on.screenshot({ path: `${SHOTS}/${step}-${layout.width}-${layout.lang}.png`, fullPage: true, animations: 'disabled' });
  };
}

/** No part of the page reaches past the window's right edge. */
async function noSidewaysScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, 'the page is wider than the window').toBeLessThanOrEqual(client);
}

/** An item of the account menu: the wide bar's Others, or the phone's burger. */
async function accountMenuItem(page: Page, layout: Layout, nav: string): Promise<Locator> {
  const w = WORDS[layout.lang];
  if (layout.width === 'phone') {
    await page.getByRole('button', { name: w.mainMenu }).click();
    return page.getByTestId('account-menu-small').locator(`[data-nav="${nav}"]`);
  }
  await page.getByTestId('account-menu-wide').getByRole('button', { name: w.others }).click();
  return page.getByTestId('others-menu').locator(`[data-nav="${nav}"]`);
}

test.describe.configure({ mode: 'parallel' });

for (const layout of LAYOUTS) {
  const { width, viewport, lang } = layout;
  const w = WORDS[lang];

  test.describe(`the walk's list at ${width} width in ${lang}`, () => {
    test.use({ viewport });

    test(`${width}, ${lang}: disk — a new version of the same file is stored; WebDAV's token made with write and brought back; counts and sizes in words`, async ({ browser }) => {
      const owner = await apiSignUp('Dora Disco', `w28d-${width[0]}`, lang);
      const accountId = await apiGroup(owner, `Walk disk ${width}`);
      const context = await browser.newContext({ baseURL: process.env.BROWSER_BASE_URL, viewport, locale: 'en-US' });
      const page = await context.newPage();
      const shot = shooter(page, layout);
      await signIn(page, owner, `/account/${accountId}/disk`);

      // an empty disk in words, in the language's plural rules ("nenhum arquivo, nenhuma pasta", "0 bytes")
      const usage = page.getByTestId('disk-usage');
      await expect(usage).toContainText(w.emptyDisk);
      await expect(usage).toContainText(w.zeroBytes);
      // the user menu names the module as everything else does
      await page.getByRole('button', { name: w.userMenu }).click();
      await expect(page.locator('[data-module="disk"]')).toHaveText(w.diskModule);
      await shot('01-disk-empty-menu');
      await page.keyboard.press('Escape');

      // a file on disk, picked with the upload button, then picked again (unchanged, as "I edited it" looks to the
      // picker when the name is the same) twice in the Versions dialog: versions 2 and 3 are stored
      const file = `/tmp/w28-notes-${width}.txt`;
      writeFileSync(file, 'the first words\n');
      utimesSync(file, new Date('2026-11-01T10:00:00Z'), new Date('2026-11-01T10:00:00Z'));
      let chooser = page.waitForEvent('filechooser');
      await page.getByTestId('upload-button').click();
      await (await chooser).setFiles(file);
      await expect(page.getByTestId('upload-row')).toHaveAttribute('data-status', 'done');
      await expect(usage).toContainText(w.oneFile);
      const name = file.split('/').pop()!;
      await page.getByRole('button', { name: w.actionsFor(name), exact: true }).first().click();
      await page.getByRole('menuitem', { name: w.versions, exact: true }).click();
      const versions = page.getByRole('dialog');
      await expect(versions.getByTestId('version-row')).toHaveCount(1);
      for (const n of [2, 3]) {
        chooser = page.waitForEvent('filechooser');
        await versions.getByTestId('upload-version').click();
        await (await chooser).setFiles(file);
        await expect(versions.getByTestId('version-row')).toHaveCount(n);
      }
      await expect(versions.getByTestId('upload-row')).toHaveCount(2);
      await shot('02-versions-same-file-twice');
      await page.keyboard.press('Escape');

      // WebDAV: the token link asks for write and says why; the way back fills the token in
      await page.goto(`/account/${accountId}/disk/webdav`);
      await page.getByTestId('tokens-link').click();
      await expect(page).toHaveURL(/\/user\/profile\?page=user_tokens&access=write&for=webdav&return=/);
      await expect(page.getByTestId('token-purpose')).toBeVisible();
      await expect(page.getByRole('radio', { name: w.readWrite })).toBeChecked();
      await shot('03-token-form-for-webdav');
      await page.getByRole('button', { name: w.createToken }).click();
      const secret = (await page.getByTestId('token-secret').locator('pre, code').first().innerText()).trim();
      expect(secret.length).toBeGreaterThan(10);
      await noSidewaysScroll(page);
      await shot('04-token-made');
      await page.getByRole('link', { name: w.backToSetup }).click();
      await expect(page).toHaveURL(new RegExp(`/account/${accountId}/disk/webdav$`));
      await expect(page.getByTestId('dav-token')).toHaveText(secret);
      await expect(page.getByTestId('steps-rclone')).toContainText(`pass=${secret} --obscure`);
      await noSidewaysScroll(page);
      await shot('05-webdav-token-filled');

      // the token is a write token: the drive takes a file with it
      const put = await fetch(`${process.env.BROWSER_BASE_URL}/dav/${accountId}/from-webdav.txt`, {
        method: 'PUT',
        headers: { authorization: `Basic ${Buffer.from(`${owner.email}:${secret}`).toString('base64')}` },
        body: 'written over WebDAV',
      });
      expect(put.status).toBeLessThan(300);
      await context.close();
    });

    test(`${width}, ${lang}: reader — switched on from the module switcher, a feed typed without http:// found over http, what failed said, its admin tiles counted`, async ({ browser }) => {
      const feeds = await new ReaderFeeds().start();
      const owner = await apiSignUp('Rui Leitor', `w28r-${width[0]}`, lang);
      const accountId = await apiGroup(owner, `Walk reader ${width}`);
      const context = await browser.newContext({ baseURL: process.env.BROWSER_BASE_URL, viewport, locale: 'en-US' });
      const page = await context.newPage();
      const shot = shooter(page, layout);
      try {
        await signIn(page, owner, `/account/${accountId}`);
        // the reader is off: the administrator finds it in the switcher, with "Switch on"
        await page.getByRole('button', { name: w.userMenu }).click();
        const off = page.locator('[data-module-off="reader"]');
        await expect(off).toContainText(w.readerModule);
        await expect(off).toContainText(w.switchOn);
        await expect(page.locator('[data-module="reader"]')).toHaveCount(0);
        await shot('06-switcher-reader-off');
        await off.click();
        await expect.poll(() => page.evaluate(() => sessionStorage.getItem('module'))).toBe('reader');
        await expect(page.locator('[data-module="reader"]')).toHaveAttribute('aria-current', 'true');
        await page.keyboard.press('Escape');

        // an address nothing answers, typed without a scheme: https and http each said
        const closed = feeds.url.replace(/:\d+$/, ':9');
        const bare = closed.replace(/^http:\/\//, '');
        await page.goto(`/account/${accountId}/reader_subscriptions/new`);
        const url = page.getByRole('textbox', { name: w.address });
        await url.fill(`${bare}/feed.xml`);
        await page.getByRole('button', { name: w.save }).click();
        const error = page.locator('.mantine-TextInput-error');
        await expect(error).toContainText(w.refusedBoth(`https://${bare}/feed.xml`), { timeout: 30_000 });
        await expect(error).toContainText(`http://${bare}/feed.xml`);
        await noSidewaysScroll(page);
        await shot('07-feed-both-failed');

        // the feeds' server speaks http only: typed without a scheme, the feed is found over http
        await url.fill(`${feeds.url.replace(/^http:\/\//, '')}/news/rss.xml`);
        await page.getByRole('button', { name: w.save }).click();
        await expect(page).toHaveURL(/\/reader_subscriptions\/rsb-/, { timeout: 30_000 });
        await expect(page.getByText(`${feeds.url}/news/rss.xml`).first()).toBeVisible();
        await shot('08-feed-added-over-http');

        // a label, and the admin tiles once the feed's 8 items are in
        const label = await owner.api.post(`/${accountId}`, { klass: 'ReaderLabel', name: 'Notícias' });
        expect(label.status, label.text).toBe(201);
        await expect
          .poll(async () => (await owner.api.get(`/${accountId}/_design/count-by-klass/_view/all?group_level=1&keys=${encodeURIComponent('["ReaderItem"]')}`)).body.rows[0]?.value.amount ?? 0, {
            timeout: 30_000,
          })
          .toBe(8);
        await page.goto(`/account/${accountId}/admin`);
        await expect(page.getByTestId('tile-reader_items')).toContainText('8');
        await expect(page.getByTestId('tile-reader_subscriptions')).toContainText('1');
        await expect(page.getByTestId('tile-reader_labels')).toContainText('1');
        // the features card is the ticket module's (spec §2)
        await expect(page.getByRole('heading', { name: w.features })).toHaveCount(0);
        await noSidewaysScroll(page);
        await shot('09-reader-admin-tiles');
      } finally {
        await context.close();
        await feeds.close();
      }
    });

    test(`${width}, ${lang}: shell — members' e-mails for the administrator, finance's own categories, a contract titled by its customer, settings with the version card, the build's footer, groups, long names, textareas`, async ({ browser }) => {
      const owner = await apiSignUp('Ana Admin', `w28s-${width[0]}`, lang);
      const accountId = await apiGroup(owner, `Walk shell ${width}`);
      const member = await apiSignUp('Bruno Lima', `w28m-${width[0]}`, lang);
      await apiMember(owner, accountId, member);
      // a second group with a long name, for the switcher
      const long = 'Oficina de Consertos Eletrônicos do Bairro Jardim das Flores';
      await apiGroup(owner, long);
      const customer = await owner.api.post(`/${accountId}`, { klass: 'Customer', name: 'Maria Souza' });
      expect(customer.status, customer.text).toBe(201);
      const contract = await owner.api.post(`/${accountId}`, { klass: 'Contract', customer_id: customer.body.id, active: true });
      expect(contract.status, contract.text).toBe(201);

      const context = await browser.newContext({ baseURL: process.env.BROWSER_BASE_URL, viewport, locale: 'en-US' });
      const page = await context.newPage();
      const shot = shooter(page, layout);
      await signIn(page, owner, `/account/${accountId}/subscriptions`);

      // 4: the member's e-mail under the name, on the list and the member's page
      const row = page.locator('tr').filter({ hasText: 'Bruno Lima' });
      await expect(row.getByTestId('member-email')).toHaveText(member.email);
      await noSidewaysScroll(page);
      await shot('10-members-emails');
      await row.getByRole('link', { name: 'Bruno Lima' }).click();
      await expect(page).toHaveURL(/\/users\/sub-/);
      await expect(page.getByTestId('member-name')).toHaveText('Bruno Lima');
      await expect(page.getByTestId('member-email')).toHaveText(member.email);
      await shot('11-member-email');

      // 7: a contract without a description is titled by its customer and day, never "ctr-…"
      await page.goto(`/account/${accountId}/contracts/${contract.body.id}`);
      await expect(page.getByRole('heading', { level: 2 }).first()).toContainText('Maria Souza · ');
      await expect(page.locator('h1, h2, h3').filter({ hasText: /ctr-/ })).toHaveCount(0);
      await shot('12-contract-title');

      // 9: a new ticket's reported problem opens with 10 rows
      await page.goto(`/account/${accountId}/tickets/new`);
      const content = page.locator('textarea[name="content"]');
      await expect(content).toBeVisible();
      const rows = await content.evaluate((el) => el.clientHeight / parseFloat(getComputedStyle(el).lineHeight));
      expect(rows).toBeGreaterThanOrEqual(9.5);

      // 9: a long group name is cut at 10em in the account switcher
      await page.goto(`/account/${accountId}`);
      await page.getByRole('button', { name: lang === 'en' ? 'Switch group' : 'Trocar de grupo' }).click();
      const longName = page.getByTestId('switcher-name').filter({ hasText: long });
      await expect(longName).toBeVisible();
      const fits = await longName.evaluate((el) => el.getBoundingClientRect().width <= 10 * parseFloat(getComputedStyle(el).fontSize) + 1);
      expect(fits, 'the long name is cut at 10em').toBe(true);
      await shot('13-switcher-long-name');
      await page.keyboard.press('Escape');

      // 9, 10: the settings page with its version card; the footer's year and release are the build's
      await page.getByRole('button', { name: w.userMenu }).click();
      await page.getByTestId('menu-settings').click();
      await expect(page).toHaveURL(new RegExp(`/account/${accountId}/settings$`));
      await expect(page.getByRole('heading', { name: w.settings, exact: true })).toBeVisible();
      const card = page.getByTestId('version-card');
      await expect(card.getByTestId('version-changes')).toHaveText(/^[1-9][\d.,]*$/);
      await expect(card.getByTestId('version-server')).toHaveText(/\S/);
      await expect(card.getByTestId('version-last-change')).not.toHaveText('…');
      const release = (await card.getByTestId('version-release').innerText()).trim();
      expect(release).toMatch(lang === 'en' ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{2}\/\d{2}\/\d{4}$/);
      const year = lang === 'en' ? release.slice(0, 4) : release.slice(-4);
      await expect(page.getByTestId('footer-copyright')).toContainText(`© ${year} `);
      await expect(page.getByTestId('footer-release')).toHaveText(`${w.releaseWord} ${release}`);
      expect(release).not.toBe(lang === 'en' ? '2025-05-10' : '10/05/2025');
      await noSidewaysScroll(page);
      await shot('14-settings-version-card');

      // 9: without sub groups, the groups index is not offered: the new page opens (a free group: who may make one)
      await page.goto(`/account/${accountId}/groups`);
      await expect(page).toHaveURL(new RegExp(`/account/${accountId}/groups/new$`));
      await expect(page.getByRole('heading', { name: w.newSubGroup })).toBeVisible();
      await expect(page.getByTestId('groups-corporate-only')).toBeVisible();
      await shot('15-groups-new');

      // 5: finance's Others holds its own categories (the month by category), not the tickets module's
      await page.goto(`/account/${accountId}`);
      await page.getByRole('button', { name: w.userMenu }).click();
      await page.locator('[data-module="finance"]').click();
      await page.keyboard.press('Escape');
      const categories = await accountMenuItem(page, layout, 'finance_categories');
      await expect(categories).toHaveText(w.categoriesByMonth);
      await expect(page.locator('[data-nav="categories"]')).toHaveCount(0);
      await shot('16-finance-others');
      await categories.click();
      await expect(page).toHaveURL(new RegExp(`/account/${accountId}/finance/month`));
      await context.close();
    });

    test(`${width}, ${lang}: login and register — an empty password is asked for in words; an unticked accept box sends nothing`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL: process.env.BROWSER_BASE_URL, viewport, locale: lang === 'en' ? 'en-US' : 'pt-BR' });
      const page = await context.newPage();
      const shot = shooter(page, layout);
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && /\/(_session|_users)$/.test(new URL(r.url()).pathname)) sent.push(new URL(r.url()).pathname);
      });
      await page.goto('/user/login');
      await page.locator('input[name="email"]').fill('someone@example.com');
      await page.locator('button[type="submit"]').click();
      await expect(page.getByTestId('login-missing')).toHaveText(w.noPassword);
      await shot('17-login-empty-password');

      await page.goto('/user/register');
      await page.locator('input[type="email"]').fill('new-person@example.com');
      await page.locator('input[type="password"]').first().fill(PASSWORD);
      await page.locator('input[type="password"]').nth(1).fill(PASSWORD);
      await page.locator('button[type="submit"]').click();
      await expect(page.getByText(w.mustBeAccepted)).toBeVisible();
      await noSidewaysScroll(page);
      await shot('18-register-unticked');
      expect(sent, 'nothing was sent').toEqual([]);
      await context.close();
    });
  });
}
