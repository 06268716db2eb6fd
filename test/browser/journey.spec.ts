import { expect, registerConfirmLogin, screens, test, newEmail, PASSWORD } from './fixtures';

// The first user's way through the shell, in Chromium against the real stack: register, confirm through the mailed
// link, log in, the home routing to a new group (0 groups), the dashboard, pt-BR and the dark theme (kept after a
// reload), a lost session and the re-login modal, and the page working again after logging in there.

test('register, confirm, log in, create a group, switch language and theme, lose the session and log in again', async ({ page, context }) => {
  const email = newEmail('ana');
  await registerConfirmLogin(page, email, 'Ana Browser', 'a');

  // home with 0 groups → new group
  await expect(page).toHaveURL(/\/account\/new$/);
  await expect(page.getByRole('heading', { name: 'Create a group profile' })).toBeVisible();
  await screens(page, 'a05-new-group');
  await page.getByLabel('Group name').fill('Ana Repairs');
  await page.getByRole('button', { name: 'Create group' }).click();

  // the dashboard: the group's name and the timeline
  await expect(page).toHaveURL(/\/account\/acc-[^/]+$/);
  const dashboardUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Ana Repairs' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent changes' })).toBeVisible();
  // a new group: its first steps instead of the settings written at its creation
  const firstSteps = page.getByTestId('first-steps');
  await expect(firstSteps).toContainText('Your group is ready');
  await screens(page, 'a06-dashboard');

  // language: pt-BR
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Português (Brasil)' })).toBeVisible();
  await screens(page, 'a07-user-menu');
  await page.getByRole('menuitem', { name: 'Português (Brasil)' }).click();
  await expect(page.getByRole('heading', { name: 'Alterações recentes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Atualizar' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(firstSteps).toContainText('Seu grupo está pronto');

  // theme: dark; language and theme kept after a reload
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Escuro' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ana Repairs' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('heading', { name: 'Alterações recentes' })).toBeVisible();
  await screens(page, 'a08-dashboard-dark');

  // the session is lost (its cookie is gone); the next call opens the re-login modal over the page
  await context.clearCookies({ name: 'AuthSession' });
  await page.getByRole('button', { name: 'Atualizar' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('alert')).toContainText('Proibido');
  await expect(modal.getByRole('alert')).toContainText('Por favor, entre novamente');
  await expect(page).toHaveURL(dashboardUrl);
  await screens(page, 'a09-relogin-modal');

  // log in again in the modal: the page works again
  await expect(modal.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await modal.getByRole('textbox', { name: 'Senha' }).fill(PASSWORD);
  await modal.getByRole('button', { name: 'Entrar' }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(dashboardUrl);
  const refreshed = page.waitForResponse((r) => r.url().includes('/_changes') && r.request().method() === 'GET');
  await page.getByRole('button', { name: 'Atualizar' }).click();
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Ana Repairs' })).toBeVisible();
});
