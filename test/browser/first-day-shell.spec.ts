import { mkdirSync } from 'fs';
import { apiGroup, apiMember, apiSignUp, expect, fetchRoute, LAYOUTS, newEmail, PASSWORD, shotsWanted, signIn, test, untilInChanges } from './fixtures';

// Issue 12's leftovers in the web shell, at 1280×800 and 390×844, in en and pt-BR (one test per width and language of
// LAYOUTS: the desktop in English and the phone in Portuguese, all four with BROWSER_SHOTS=1):
// the home cards show a long group name whole; a membership's dashboard row names the person; an offline Refresh on
// the dashboard and the admin page shows the connection error (and the next online one the new data); the plan
// switches ask in a dialog naming the group and send nothing until confirmed; subscriptions/new is the invite form and
// subscriptions/{id} the member detail; the newsletter page keeps each topic. Screenshots of each screen go to
// /tmp/shots12/first-day-shell/<screen>-<width>-<language>.png.

const SHOTS = '/tmp/shots12/first-day-shell';
const LONG_NAME = 'Assistência Técnica Irmãos Figueiredo & Filhos — Unidade Centro Histórico';

const WORDS = {
  en: {
    refresh: 'Refresh',
    connection: 'Connection error',
    network: 'Network error',
    cancelTitle: `Cancel the subscription of ${LONG_NAME}?`,
    freeTitle: `Switch ${LONG_NAME} to the Free plan?`,
    keep: 'Keep my plan',
    nothingToCancel: 'There is no paid plan to cancel',
    inviteTitle: 'Invite a member',
    inviteEmail: 'E-mail to invite',
    invite: 'Invite',
    invited: 'Invitation sent to',
    product: 'Product news',
    tips: 'Tips',
    password: 'Current password',
    save: 'Save preferences',
    saved: 'Your preferences were saved.',
  },
  'pt-BR': {
    refresh: 'Atualizar',
    connection: 'Erro de conexão',
    network: 'Erro de rede',
    cancelTitle: `Cancelar a assinatura de ${LONG_NAME}?`,
    freeTitle: `Mudar ${LONG_NAME} para o plano Gratuito?`,
    keep: 'Manter meu plano',
    nothingToCancel: 'Não há plano pago para cancelar',
    inviteTitle: 'Convidar um membro',
    inviteEmail: 'E-mail a convidar',
    invite: 'Convidar',
    invited: 'Convite enviado para',
    product: 'Novidades do produto',
    tips: 'Dicas',
    password: 'Senha atual',
    save: 'Salvar preferências',
    saved: 'As suas preferências foram salvas.',
  },
} as const;

for (const { width, viewport, lang } of LAYOUTS) {
  test(`first-day shell leftovers at ${viewport.width}x${viewport.height} in ${lang}`, async ({ page, context }) => {
    test.setTimeout(180_000);
    const w = WORDS[lang];
    await page.setViewportSize(viewport);
    const shot = async (name: string) => {
      if (!shotsWanted) return;
      mkdirSync(SHOTS, { recursive: true });
      await page.waitForTimeout(200); // Mantine's transitions settle
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${lang}.png`, fullPage: true, animations: 'disabled' });
    };
    // every plan switch the page sends
    const switches: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/_design/subscription/_update/')) switches.push(r.url());
    });

    // an owner of two groups (one with a long name) with a member who accepted
    const [owner, member] = await Promise.all([apiSignUp('Olga Owner', 'olga', lang), apiSignUp('Mia Member', 'mia', lang)]);
    const accountId = await apiGroup(owner, LONG_NAME);
    await apiGroup(owner, 'Olga Bikes');
    await apiMember(owner, accountId, member);

    await signIn(page, owner);

    // home: two groups, each card with its whole name (wrapped, not cut)
    const name = page.getByTestId('group-name').filter({ hasText: LONG_NAME });
    await expect(name).toHaveText(LONG_NAME);
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await shot('home');

    // the dashboard: the member's rows read her name, never her address
    await page.goto(`/account/${accountId}`);
    const timeline = page.getByTestId('timeline');
    await expect(timeline.getByRole('link', { name: 'Mia Member' }).first()).toBeVisible();
    await expect(timeline).not.toContainText(member.email);
    await expect(timeline).not.toContainText('sub-');
    await shot('dashboard');

    // offline: Refresh says so; back online, Refresh shows what was added meanwhile and the error goes
    await context.setOffline(true);
    expect((await owner.api.post(`/${accountId}`, { klass: 'Customer', name: 'Carla Dias' })).status).toBe(201);
    await page.getByRole('button', { name: w.refresh }).click();
    const offlineAlert = page.getByRole('alert').filter({ hasText: w.connection });
    await expect(offlineAlert).toContainText(w.network);
    await expect(timeline).not.toContainText('Carla Dias');
    await shot('dashboard-offline');
    await untilInChanges(owner, accountId, 'Carla Dias'); // so that the next Refresh can show it
    await context.setOffline(false);
    await page.getByRole('button', { name: w.refresh }).click();
    await expect(timeline.getByRole('link', { name: 'Carla Dias' })).toBeVisible();
    await expect(offlineAlert).toHaveCount(0);

    await page.goto(`/account/${accountId}/admin`);
    await expect(page.getByTestId('tile-members')).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('button', { name: w.refresh }).click();
    // the page's banner under the title (each card that could not read its data says so too)
    await expect(page.getByRole('alert').filter({ hasText: w.connection }).first()).toContainText(w.network);
    await shot('admin-offline');
    await context.setOffline(false);
    await page.getByRole('button', { name: w.refresh }).click();
    await expect(page.getByRole('alert').filter({ hasText: w.connection })).toHaveCount(0);

    // checkout/cancel: the button opens the dialog; Keep sends nothing; confirming sends (the free group has no paid
    // plan to cancel, which the server says)
    await page.goto(`/account/${accountId}/checkout/cancel`);
    await expect(page.getByTestId('checkout-summary')).toContainText(LONG_NAME);
    await page.getByTestId('confirm-switch').click();
    let dialog = page.getByRole('dialog', { name: w.cancelTitle });
    await expect(dialog).toBeVisible();
    await shot('checkout-cancel-dialog');
    await dialog.getByRole('button', { name: w.keep }).click();
    await expect(dialog).toBeHidden();
    expect(switches).toEqual([]);
    await page.getByTestId('confirm-switch').click();
    await page.getByTestId('confirm-cancel').click();
    await expect(page.getByRole('alert').filter({ hasText: w.nothingToCancel })).toBeVisible();
    expect(switches.map((u) => new URL(u).pathname)).toEqual([`/${accountId}/_design/subscription/_update/cancel/${accountId}`]);
    switches.length = 0;

    // the plan page of a paid group: the stack has no payment keys, so the browser is shown the group as Professional
    // (GET /accounts/{id} rewritten); the switches it sends go to the real server
    await page.route(new RegExp(`/accounts/${accountId}$`), async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await fetchRoute(route);
      await route.fulfill({ response, json: { ...(await response.json()), 'confirmed-plan': 'pro' } });
    });
    await page.goto(`/checkout?account_id=${accountId}`);
    await expect(page.getByTestId('account-summary')).toContainText(LONG_NAME);
    await page.getByTestId('cancel-subscription').click();
    dialog = page.getByRole('dialog', { name: w.cancelTitle });
    await expect(dialog).toBeVisible();
    await shot('plans-cancel-dialog');
    await dialog.getByRole('button', { name: w.keep }).click();
    await expect(dialog).toBeHidden();
    await page.getByTestId('choose-free').click();
    dialog = page.getByRole('dialog', { name: w.freeTitle });
    await expect(dialog).toBeVisible();
    await shot('plans-free-dialog');
    expect(switches).toEqual([]);
    await dialog.getByTestId('confirm-free').click();
    await expect(page.getByTestId('switch-done')).toBeVisible();
    expect(switches.map((u) => new URL(u).pathname)).toEqual([`/${accountId}/_design/subscription/_update/free/${accountId}`]);
    await shot('plans-switched');
    await page.unroute(new RegExp(`/accounts/${accountId}$`));

    // subscriptions/new invites; the invitation opens as the member detail, at users/{id} and subscriptions/{id}
    await page.goto(`/account/${accountId}/subscriptions/new`);
    await expect(page.getByRole('heading', { name: w.inviteTitle })).toBeVisible();
    const invitee = newEmail('ivo');
    await page.getByLabel(w.inviteEmail).fill(invitee);
    await page.getByRole('button', { name: w.invite, exact: true }).click();
    await expect(page.getByText(`${w.invited} ${invitee}`)).toBeVisible();
    await shot('subscriptions-new');
    await page.getByTestId('open-invitation').click();
    await expect(page).toHaveURL(/\/users\/sub-/);
    await expect(page.getByText(invitee)).toBeVisible();
    const subscriptionId = page.url().split('/').pop()!;
    await page.goto(`/account/${accountId}/subscriptions/${subscriptionId}`);
    await expect(page.getByText(invitee)).toBeVisible();
    await shot('subscriptions-show');
    await page.goto(`/account/${accountId}/subscriptions`);
    await expect(page.getByRole('link', { name: 'Mia Member' })).toBeVisible();

    // the newsletter page keeps each topic: Tips on and Product news off come back so
    await page.goto('/user/newsletter');
    const product = page.getByRole('switch', { name: w.product });
    const tips = page.getByRole('switch', { name: w.tips });
    await tips.check();
    await product.uncheck();
    await page.getByLabel(w.password).fill(PASSWORD);
    await page.getByRole('button', { name: w.save }).click();
    await expect(page.getByText(w.saved)).toBeVisible();
    await page.reload();
    await expect(tips).toBeChecked();
    await expect(product).not.toBeChecked();
    await shot('newsletter');
  });
}
