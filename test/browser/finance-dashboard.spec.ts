import { mkdirSync } from 'fs';
import type { BrowserContext, Page } from '@playwright/test';
import { apiGroup, apiSignUp, expect, fetchRoute, shotsWanted, signIn, test } from './fixtures';

// Spec §2, the finance module in the shell: the dashboard's balances card (shown only when the group has balances;
// amounts hidden until Show, up to 3 placeholder rows meanwhile; then only the positive ones) and the admin page's
// finance tiles with their record counters. Wallets are created over the API (a BRL one starting at 123.45 and a USD
// one starting below zero, with an expense); the module is switched on through the user menu's module switcher. In en then pt-BR, at
// 1280×800 and 390×844; screenshots of each step go to /tmp/shots-finance/dashboard/<step>-<width>-<language>.png.
//
// The dashboard and the admin page are the shell's: this spec opens no finance screen, so it does not need the finance
// remote's build. The shell shows a module only when GET /modules lists its remote; when the remote is not built the
// spec adds `finance` to that answer (and to nothing else).

const SHOTS = '/tmp/shots-finance/dashboard';
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const WORDS = {
  en: {
    userMenu: 'User menu',
    recentChanges: 'Recent changes',
    refresh: 'Refresh',
    balances: 'Balances',
    show: 'Show',
    hide: 'Hide',
    // @app/ui formatMinorMoney: the currency's sign, a no-break space, the amount in the language's format
    brl: 'R$\u00a0123.45',
    tiles: { outgos: 'Expenses', incomes: 'Revenues', transfers: 'Transfers', exchanges: 'Exchanges', wallets: 'Wallets' },
  },
  'pt-BR': {
    userMenu: 'Menu do usuário',
    recentChanges: 'Alterações recentes',
    refresh: 'Atualizar',
    balances: 'Saldos',
    show: 'Mostrar',
    hide: 'Ocultar',
    brl: 'R$\u00a0123,45',
    tiles: { outgos: 'Despesas', incomes: 'Receitas', transfers: 'Transferências', exchanges: 'Câmbios', wallets: 'Carteiras' },
  },
} as const;
type Lang = keyof typeof WORDS;
const FINANCE_TILES = ['outgos', 'incomes', 'transfers', 'exchanges', 'wallets'] as const;
/** what the group holds: two wallets and one expense */
const COUNTS: Record<(typeof FINANCE_TILES)[number], string> = { outgos: '1', incomes: '0', transfers: '0', exchanges: '0', wallets: '2' };

/** GET /modules as the gateway answers it, with `finance` added when its remote is not built. */
async function financeDeployed(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.pathname === '/modules',
    async (route) => {
      const response = await fetchRoute(route);
      const body = (await response.json()) as { modules: string[] };
      const modules = body.modules.includes('finance') ? body.modules : [...body.modules, 'finance'].sort();
      await route.fulfill({ response, json: { ...body, modules } });
    },
  );
}

async function switchLanguage(page: Page, from: Lang, label: string): Promise<void> {
  const saved = page.waitForResponse((r) => /\/usr-[^/]+(\/ucn-[^/?]+)?(\?|$)/.test(r.url()) && ['PUT', 'POST'].includes(r.request().method()));
  await page.getByRole('button', { name: WORDS[from].userMenu }).click();
  await page.getByRole('menuitem', { name: label }).click();
  await saved;
}

/** The dashboard's WalletBalance find (spec §7), answered. */
const balancesFound = (page: Page, accountId: string) =>
  page.waitForResponse((r) => r.url().endsWith(`/${accountId}/_find`) && (r.request().postData() ?? '').includes('"WalletBalance"') && r.status() === 200);

for (const { name: width, viewport } of WIDTHS) {
  test.describe(`finance dashboard at ${width} width`, () => {
    test.use({ viewport });

    test(`${width}: in the finance module the dashboard shows no balances card before any wallet, then hides the amounts behind placeholders until Show lists only the positive BRL total (en, pt-BR), and the admin page shows the finance tiles with their counters`, async ({ browser }) => {
      test.setTimeout(120_000);
      const owner = await apiSignUp('Fiona Finance', `fin-dash-${width[0]}`);
      const accountId = await apiGroup(owner, `Finance ${width}`);

      const context = await browser.newContext({ baseURL: process.env.BROWSER_BASE_URL, viewport, locale: 'en-US' });
      await financeDeployed(context);
      const page = await context.newPage();
      const shot = async (step: string, lang: Lang) => {
        if (!shotsWanted) return;
        mkdirSync(SHOTS, { recursive: true });
        await page.waitForTimeout(200); // Mantine's transitions settle
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SHOTS}/${step}-${width}-${lang}.png`, fullPage: true, animations: 'disabled' });
      };
      await signIn(page, owner, `/account/${accountId}`);
      await expect(page.getByRole('heading', { name: WORDS.en.recentChanges })).toBeVisible();

      // the user menu's module switcher: finance (deployed, and on by default: budget)
      const firstFind = balancesFound(page, accountId);
      await page.getByRole('button', { name: WORDS.en.userMenu }).click();
      await page.locator('[data-module="finance"]').click();
      expect(await (await firstFind).json()).toEqual({ docs: [] });
      // no wallet yet, so no balances: no card
      await expect(page.getByTestId('balances-card')).toHaveCount(0);
      await shot('01-no-balances', 'en');

      // a BRL wallet starting at 123.45 and a USD one starting at -50.00
      const brl = await owner.api.post(`/${accountId}`, { klass: 'Wallet', name: 'Conta corrente', currency: 'BRL', start_balance: 12345 });
      expect(brl.status, brl.text).toBe(201);
      const usd = await owner.api.post(`/${accountId}`, { klass: 'Wallet', name: 'Card in dollars', currency: 'USD', start_balance: -5000 });
      expect(usd.status, usd.text).toBe(201);
      // an expense from the USD wallet: a record for the expenses tile to count (the USD total only goes further down)
      const outgo = await owner.api.post(`/${accountId}`, { klass: 'Outgo', wallet_id: usd.body.id, value: 1000, date: '2026-06-01', description: 'Fee' });
      expect(outgo.status, outgo.text).toBe(201);
      // the record counters follow the change events: wait until they count the wallets and the expense
      await expect
        .poll(async () => {
          const counts = await owner.api.get(`/${accountId}/_design/count-by-klass/_view/all?group_level=1`);
          const rows = counts.body.rows as { key: string; value: { count: number } }[];
          return ['Wallet', 'Outgo'].map((k) => rows.find((r) => r.key === k)?.value.count ?? 0);
        })
        .toEqual([2, 1]);

      for (const lang of ['en', 'pt-BR'] as const) {
        const w = WORDS[lang];
        if (lang === 'pt-BR') {
          await switchLanguage(page, 'en', 'Português (Brasil)');
          await page.goto(`/account/${accountId}`);
        } else {
          // the page shown before the wallets existed: Refresh reads the totals again
          const found = balancesFound(page, accountId);
          await page.getByRole('button', { name: w.refresh }).click();
          await found;
        }

        // hidden: one placeholder per currency kept (BRL, USD), a Show button, no amount anywhere in the page
        const card = page.getByTestId('balances-card');
        await expect(card.getByRole('heading', { name: w.balances })).toBeVisible();
        await expect(card.getByTestId('balance-placeholder')).toHaveCount(2);
        await expect(card.getByRole('button', { name: w.show })).toBeVisible();
        expect(await card.innerText()).not.toMatch(/\d/);
        expect(await page.locator('body').innerText()).not.toMatch(/123[.,]45/);
        expect(await page.content()).not.toContain('R$');
        await shot('02-balances-hidden', lang);

        // Show: only the positive BRL total, in the language's format; the negative USD one is absent
        await card.getByRole('button', { name: w.show }).click();
        await expect(card.getByTestId('balance-placeholder')).toHaveCount(0);
        await expect(card.getByRole('listitem')).toHaveCount(1);
        await expect(card.getByTestId('balance-BRL')).toContainText(w.brl);
        await expect(card.getByTestId('balance-USD')).toHaveCount(0);
        expect(await card.innerText()).not.toContain('US$');
        expect(await card.innerText()).not.toContain('USD');
        await shot('03-balances-shown', lang);

        // Hide: the placeholders again
        await card.getByRole('button', { name: w.hide }).click();
        await expect(card.getByTestId('balance-placeholder')).toHaveCount(2);
        expect(await card.innerText()).not.toMatch(/\d/);

        // the admin page: the finance tiles with their counters, linking to their lists
        await page.goto(`/account/${accountId}/admin`);
        await expect(page.getByTestId('tile-wallets')).toContainText(w.tiles.wallets);
        for (const key of FINANCE_TILES) {
          const tile = page.getByTestId(`tile-${key}`);
          await expect(tile).toContainText(w.tiles[key]);
          await expect(tile.locator('p').nth(1)).toHaveText(COUNTS[key]);
          await expect(tile).toHaveAttribute('href', `/account/${accountId}/${key}`);
        }
        await expect(page.getByTestId('tile-tickets')).toHaveCount(0);
        await shot('04-admin', lang);
      }
      await context.close();
    });
  });
}
