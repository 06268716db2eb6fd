import { expect, test } from './fixtures';

// infra/chromium-flags turns off the two features of the address bar's popup: left on, headless Chromium builds that
// popup (a WebUI page in a renderer of its own) for each window and keeps its script running with nothing shown, a
// tenth of a core per window taken from the pages and the stack under test.
test('the browser runs only the pages of the tests: no address-bar popup of its own', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('about:blank');
    const cdp = await browser.newBrowserCDPSession();
    // the popup's pages are made with the window, so they are listed by the time its first page has loaded
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: Array<{ type: string; url: string }> };
    await cdp.detach();
    expect(targetInfos.filter((t) => t.url.startsWith('chrome://')).map((t) => `${t.type} ${t.url}`)).toEqual([]);
    expect(targetInfos.some((t) => t.type === 'page' && t.url === 'about:blank')).toBe(true);
  } finally {
    await context.close();
  }
});
