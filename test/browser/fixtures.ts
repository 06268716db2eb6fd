import { type APIResponse, expect, test as base, type Page, type Route } from '@playwright/test';
import { Browser } from '../../gateway/src/testing/http-client';
import { mkdirSync } from 'fs';
import * as path from 'path';

// What the specs share: the stack's URL (set by global-setup.ts), the mail sink, users and groups made over the API, a
// page signed in with an API session, screenshots at two widths.
//
// The suite runs on a machine whose CPU the stack and two Chromiums keep busy, so a test only drives through the UI
// what it checks: one journey registers, confirms and logs in through the pages (journey.spec.ts; invited.spec.ts
// and first-day.spec.ts log in through the form too), the others make their users and groups over the API and start
// signed in (signIn).

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

export const PASSWORD = 'correct horse battery';

export const test = base.extend<object>({
  baseURL: async ({}, use) => {
    const url = process.env.BROWSER_BASE_URL;
    if (!url) throw new Error('BROWSER_BASE_URL is not set: run through playwright test -c test/browser (global-setup starts the stack)');
    await use(url);
  },
});
export { expect };

let counter = 0;
export function newEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** The mails received so far by the SMTP sink of global-setup.ts. */
async function mails(): Promise<Mail[]> {
  const res = await fetch(`${process.env.MAIL_SINK_URL}/mails`);
  return (await res.json()) as Mail[];
}

/** The first mail to `to` matching `match`, polling the sink until `timeoutMs`. */
export async function waitForMail(to: string, match: (m: Mail) => boolean = () => true, timeoutMs = 15_000): Promise<Mail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mails()).find((m) => m.to.includes(to.toLowerCase()) && match(m));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The path of a mailed link (`<PUBLIC_URL>/user/confirm/<token>`), to open in the page under test. */
export function linkPath(mail: Mail, kind: 'confirm' | 'password'): string {
  const m = new RegExp(`https?://[^\\s/]+(/user/${kind}/[A-Za-z0-9_%.~-]+)`).exec(mail.text);
  if (!m) throw new Error(`no /user/${kind}/ link in: ${mail.text}`);
  return m[1];
}

const SHOTS = path.join(__dirname, 'screenshots');
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

/**
 * Screenshots are for people to look at, not checks (nothing in them is asserted): the specs take them only when
 * BROWSER_SHOTS=1, e.g. `BROWSER_SHOTS=1 npx playwright test -c test/browser disk`. `make test` leaves them out: with
 * the settling waits before each, they were a tenth of the suite's time.
 */
export const shotsWanted = process.env.BROWSER_SHOTS === '1';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface Layout {
  width: 'desktop' | 'phone';
  viewport: { width: number; height: number };
  lang: Locale;
}

/**
 * The widths and languages a spec goes through when what it checks is the same in each: the desktop in English and
 * the phone in Portuguese (the longer words on the narrower screen), so every check runs in both languages and at
 * both widths. With BROWSER_SHOTS=1 all four pairs, so that every screen can be looked at in both languages at both
 * widths.
 */
export const LAYOUTS: readonly Layout[] = [
  { width: 'desktop', viewport: DESKTOP, lang: 'en' },
  ...(shotsWanted ? [{ width: 'desktop', viewport: DESKTOP, lang: 'pt-BR' } as const, { width: 'phone', viewport: PHONE, lang: 'en' } as const] : []),
  { width: 'phone', viewport: PHONE, lang: 'pt-BR' },
];

/** Whether LAYOUTS holds this width and language (for a test that goes through several in one page). */
export function inLayouts(viewport: { width: number }, lang: Locale): boolean {
  return LAYOUTS.some((l) => l.viewport.width === viewport.width && l.lang === lang);
}

/** Full-page screenshots of the current screen at 1280×800 and 390×844 (test/browser/screenshots/<name>-<size>.png). */
export async function screens(page: Page, name: string): Promise<void> {
  if (!shotsWanted) return;
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(150); // Mantine's media queries and transitions settle
    // from the top: a full-page capture of a scrolled page draws the sticky top bar where the scroll left it
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size.name}.png`), fullPage: true, animations: 'disabled' });
  }
  if (before) await page.setViewportSize(before);
}

/** Registers through the register page, confirms through the mailed link opened in the page, then logs in. */
export async function registerConfirmLogin(page: Page, email: string, fullname: string, shots?: string): Promise<void> {
  await page.goto('/user/register');
  await expect(page.getByRole('heading', { name: 'Create your profile' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Full name').fill(fullname);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Password confirmation' }).fill(PASSWORD);
  await page.getByRole('checkbox').check();
  if (shots) await screens(page, `${shots}01-register`);
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByText(`We sent an e-mail to ${email}`)).toBeVisible();
  if (shots) await screens(page, `${shots}02-register-created`);

  const mail = await waitForMail(email, (m) => /\/user\/confirm\//.test(m.text));
  await page.goto(linkPath(mail, 'confirm'));
  await expect(page.getByText('Your e-mail address is confirmed. You can log in now.')).toBeVisible();
  if (shots) await screens(page, `${shots}03-confirmed`);

  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await login(page, email, shots && `${shots}04-login`);
}

export async function login(page: Page, email: string, shot?: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  if (shot) await screens(page, shot);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** An API client with its own cookie jar and the XSRF header (Node's fetch), for what the shell has no screen for yet. */
export function apiClient(): Browser {
  return new Browser(process.env.BROWSER_BASE_URL!);
}

export type Locale = 'en' | 'pt-BR';

export interface ApiUser {
  id: string;
  email: string;
  /** signed in (its session and XSRF cookies), unless signed up with confirm: false */
  api: Browser;
}

/**
 * Registers with the saved `locale` and, unless `confirm` is false, confirms through the mailed link and signs in,
 * over the API only.
 */
export async function apiSignUp(fullname: string, tag: string, locale: Locale = 'en', confirm = true): Promise<ApiUser> {
  const api = apiClient();
  const email = newEmail(tag);
  const reg = await api.post('/_users', { email, fullname, password: PASSWORD, password_confirmation: PASSWORD, accept: true, locale });
  expect(reg.status, reg.text).toBe(201);
  if (!confirm) return { id: reg.body._id, email, api };
  const mail = await waitForMail(email, (m) => /\/user\/confirm\//.test(m.text));
  const token = decodeURIComponent(linkPath(mail, 'confirm').split('/').pop()!);
  const confirmed = await api.post(`/_users/_confirm/${encodeURIComponent(token)}`);
  expect(confirmed.status, confirmed.text).toBe(200);
  const login = await api.post('/_session', { username: email, password: PASSWORD });
  expect(login.status, login.text).toBe(200);
  return { id: reg.body._id, email, api };
}

/** A new group of `owner`'s (POST /accounts): its id. */
export async function apiGroup(owner: { api: Browser }, name: string): Promise<string> {
  const group = await owner.api.post('/accounts', { name });
  expect(group.status, group.text).toBe(201);
  return group.body.id as string;
}

/** `member` invited to `accountId` by `owner` and accepted, over the API. */
export async function apiMember(owner: { api: Browser }, accountId: string, member: ApiUser): Promise<void> {
  const invite = await owner.api.post(`/${accountId}`, { klass: 'Subscription', email: member.email });
  expect(invite.status, invite.text).toBe(201);
  const accepted = await member.api.put(`/${accountId}/_design/status/_update/accept/${invite.body.id}`);
  expect(accepted.status, accepted.text).toBe(200);
}

/**
 * Switches the language in the user menu and waits until the user's locale is saved: a page opened before that would
 * still come in the old language (the session's locale).
 */
export async function switchLanguage(page: Page, to: Locale): Promise<void> {
  const saved = page.waitForResponse((r) => /\/usr-[^/]+(\/ucn-[^/?]+)?(\?|$)/.test(r.url()) && ['PUT', 'POST'].includes(r.request().method()));
  await page.getByRole('button', { name: to === 'pt-BR' ? 'User menu' : 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: to === 'pt-BR' ? 'Português (Brasil)' : 'English' }).click();
  expect((await saved).status()).toBeLessThan(300);
}

/**
 * route.fetch(), a GET once more when the connection it reused had just been closed by the gateway (ECONNRESET:
 * Node's server closes a kept-alive connection after 5 s idle, and a request sent at that moment is lost; seen once).
 */
export async function fetchRoute(route: Route): Promise<APIResponse> {
  try {
    return await route.fetch();
  } catch (e) {
    if (route.request().method() !== 'GET' || !/ECONNRESET|socket hang up/.test(String(e))) throw e;
    return route.fetch();
  }
}

/**
 * Waits until the group's change feed (what the dashboard's recent changes read) lists a record labelled `label`: the
 * feed follows a write shortly after, so a page opened right after an API write may not show it yet.
 */
export async function untilInChanges(user: { api: Browser }, accountId: string, label: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const changes = await user.api.get(`/${accountId}/_changes?include_docs=true&descending=true&limit=20`);
        return (changes.body.results as Array<{ doc?: { label?: string } }>).some((r) => r.doc?.label === label);
      },
      { message: `the changes of ${accountId} list ${label}` },
    )
    .toBe(true);
}

/**
 * Signs the page's browser context in with the API client's session (its AuthSession and XSRF-TOKEN cookies, what the
 * login form's POST /_session sets), then opens `path` (null: the test opens its first page itself). The login form
 * itself is checked by the specs named above.
 */
export async function signIn(page: Page, user: { api: Browser }, path: string | null = '/app'): Promise<void> {
  const url = process.env.BROWSER_BASE_URL!;
  await page.context().addCookies([...user.api.cookies].map(([name, value]) => ({ name, value, url })));
  if (path !== null) await page.goto(path);
}

/** Where `recordValues` reads its value: the first element matching `selector` (and containing `hasText`), then
 * `inner` inside it; its `attribute` (`absent` when it has none) or else its text. */
export interface RecordedValue {
  selector: string;
  hasText?: string;
  inner?: string;
  attribute?: string;
  absent?: string;
}

/**
 * Records in the page the value of `what` now and each new one as the DOM changes, and returns what reads the list back.
 * For a state that lasts a moment (a flash, a progress line, an upload's percentage): a look after the fact misses it
 * on a busy machine, a record made as it happens does not.
 */
export async function recordValues(page: Page, what: RecordedValue): Promise<() => Promise<string[]>> {
  const key = `recorded${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, what }) => {
      const seen: string[] = [];
      (window as unknown as Record<string, string[]>)[key] = seen;
      const read = (): string | undefined => {
        const host = [...document.querySelectorAll(what.selector)].find((el) => !what.hasText || el.textContent?.includes(what.hasText));
        const el = what.inner ? host?.querySelector(what.inner) : host;
        if (!el) return undefined;
        return what.attribute ? (el.getAttribute(what.attribute) ?? what.absent) : (el.textContent ?? undefined);
      };
      const look = () => {
        const value = read();
        if (value !== undefined && value !== seen[seen.length - 1]) seen.push(value);
      };
      look(); // the value now, if there is one, first
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    },
    { key, what },
  );
  return () => page.evaluate((key) => [...(window as unknown as Record<string, string[]>)[key]], key);
}
