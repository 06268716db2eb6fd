import { expect, test as base, type Page } from '@playwright/test';
import { Browser } from '../../gateway/src/testing/http-client';
import { mkdirSync } from 'fs';
import * as path from 'path';

// What the specs share: the stack's URL (set by global-setup.ts), the mail sink, screenshots at two widths.

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
    await new Promise((r) => setTimeout(r, 200));
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

/** Full-page screenshots of the current screen at 1280×800 and 390×844 (test/browser/screenshots/<name>-<size>.png). */
export async function screens(page: Page, name: string): Promise<void> {
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

/** Registers, confirms through the mailed link and signs in over the API only. */
export async function apiSignUp(fullname: string, tag: string): Promise<{ id: string; email: string; api: Browser }> {
  const api = apiClient();
  const email = newEmail(tag);
  const reg = await api.post('/_users', { email, fullname, password: PASSWORD, password_confirmation: PASSWORD, accept: true, locale: 'en' });
  expect(reg.status, reg.text).toBe(201);
  const mail = await waitForMail(email, (m) => /\/user\/confirm\//.test(m.text));
  const token = decodeURIComponent(linkPath(mail, 'confirm').split('/').pop()!);
  const confirmed = await api.post(`/_users/_confirm/${encodeURIComponent(token)}`);
  expect(confirmed.status, confirmed.text).toBe(200);
  const login = await api.post('/_session', { username: email, password: PASSWORD });
  expect(login.status, login.text).toBe(200);
  return { id: reg.body._id, email, api };
}
