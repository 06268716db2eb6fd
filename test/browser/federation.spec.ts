import { apiGroup, apiSignUp, expect, fetchRoute, screens, signIn, test } from './fixtures';

// Module Federation in Chromium against the real stack: the shell loads the test remote `hello`
// (test/browser/remote-fixture, built by prepare.sh, served by the gateway from MODULES_DIR as /modules/hello/) at run
// time with registerRemotes + loadRemote, and renders its page with the shell's react and Mantine. A module that does
// not exist shows an error and triggers the version check: the new-version banner shows only when the version changed.

async function signedInWithGroup(page: import('@playwright/test').Page, name: string): Promise<string> {
  const owner = await apiSignUp(name, name.toLowerCase().split(' ')[0]);
  const accountId = await apiGroup(owner, `${name} Group`);
  await signIn(page, owner, null); // the test opens its first page
  return accountId;
}

test('a remote module loads through federation; a missing one shows an error, and the banner only after a new release', async ({ page }) => {
  const accountId = await signedInWithGroup(page, 'Fede Ration');

  // the remote's page, rendered inside the shell (the top bar stays)
  const manifest = page.waitForResponse((r) => r.url().endsWith('/modules/hello/mf-manifest.json'));
  await page.goto(`/account/${accountId}/m/hello`);
  expect((await manifest).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Hello from a federated module' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await screens(page, 'f01-remote-module');

  // a module that does not exist: an error, the version check (GET /) finds the same version → no banner
  const check = page.waitForResponse((r) => new URL(r.url()).pathname === '/' && r.request().method() === 'GET');
  await page.goto(`/account/${accountId}/m/nosuchmodule`);
  await expect(page.getByText('The module could not be loaded')).toBeVisible();
  expect((await check).headers()['x-app-version']).toBe('0.0.0-browser');
  await expect(page.getByText(/A new version is available/)).toHaveCount(0);

  // a new release deployed meanwhile (GET / answers another x-app-version): the failed load raises the banner
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await fetchRoute(route);
      await route.fulfill({ response, headers: { ...response.headers(), 'x-app-version': '9.9.9-next' }, body: JSON.stringify({ ...(await response.json()), version: '9.9.9-next' }) });
    },
  );
  // a client-side navigation (the page keeps the version it loaded with)
  await page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/account/${accountId}/m/stillmissing`);
  await expect(page.getByText('The module could not be loaded')).toBeVisible();
  const banner = page.getByTestId('new-version-banner');
  await expect(banner).toContainText('A new version is available — reload');
  await screens(page, 'f02-new-version-banner');
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
});

// docs/decisions.md, "Host singletons": a module remote runs on the shell's react-router and react-query. Opened from
// the dashboard, each remote's screen shows with no second copy of a shared library fetched (the shell's full copies of
// its tree-shaken ones are in independent-packages/; the remotes ship none of their own), and a module's own link
// moves the shell's router: Back returns to the screen before it.
test("the module remotes run on the shell's router and query client: no second copy of a shared library loads", async ({ page }) => {
  const owner = await apiSignUp('Sole Copy', 'solecopy');
  const accountId = await apiGroup(owner, 'Sole Copy Group');
  // the reader's switch, off in a new group
  const found = await owner.api.post(`/${accountId}/_find`, { selector: { klass: 'AccountConfiguration', key: 'exoreader' }, limit: 1 });
  const setting = found.body.docs[0] as { _id: string; _rev: string };
  const reader = await owner.api.put(`/${accountId}/${setting._id}?rev=${setting._rev}`, { value: true });
  expect(reader.status, reader.text).toBe(200);
  await signIn(page, owner, null);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`/account/${accountId}`);
  await expect(page.getByRole('heading', { name: 'Sole Copy Group' })).toBeVisible();
  const modules = [
    ['tickets', 'tickets'],
    ['disk', 'disk'],
    ['finance', 'outgos'],
    ['notes', 'handbooks'],
    ['reader', 'reader_items'],
  ] as const;
  for (const [name, segment] of modules) {
    // a client-side navigation, as the shell's menus do
    await page.evaluate((path) => {
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/account/${accountId}/${segment}`);
    await expect(page.getByTestId(`${name}-nav`)).toBeVisible();
  }
  expect(scripts.filter((s) => s.includes('/modules/'))).not.toEqual([]);
  expect(scripts.filter((s) => s.includes('/independent-packages/'))).toEqual([]);

  // the notes module's own tab, then Back: the shell's history
  await page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/account/${accountId}/handbooks`);
  await page.getByTestId('notes-nav').getByRole('link', { name: 'Bookmarks' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/${accountId}/bookmarks$`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/account/${accountId}/handbooks$`));
  await expect(page.getByTestId('notes-nav')).toBeVisible();
});
