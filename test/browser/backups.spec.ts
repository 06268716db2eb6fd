import { apiGroup, apiSignUp, expect, LAYOUTS, screens, signIn, test } from './fixtures';

// Issue 17 item 2 in the page, at 1280×800 in en and 390×844 in pt-BR (LAYOUTS): the administrator opens the backups
// page from the admin menu's adminnoop entry, backs the group up now, sees the archive listed done with its size,
// downloads it (a tar.gz named after the group and the day), and restores it into a new group, which opens with the
// group's customer under the same id.

const WORDS = {
  en: {
    menu: { wide: 'Others', small: 'Main menu' },
    entry: 'Backups',
    title: 'Backups',
    done: 'Done',
    manual: 'Manual',
    newMode: /Into a new group named/,
  },
  'pt-BR': {
    menu: { wide: 'Outros', small: 'Menu principal' },
    entry: 'Cópias de segurança',
    title: 'Cópias de segurança',
    done: 'Pronta',
    manual: 'Manual',
    newMode: /Em um grupo novo chamado/,
  },
};

for (const { width, viewport, lang } of LAYOUTS) {
  test.describe(`backups at ${width} width`, () => {
    test.use({ viewport });

    test(`${width}, ${lang}: back up now from the adminnoop entry, see it listed done, download it, restore it into a new group`, async ({ page }) => {
      test.setTimeout(120_000);
      const w = WORDS[lang];
      const owner = await apiSignUp('Bia Backup', `backups-${width[0]}`, lang);
      const name = `Bia Repairs ${width}`;
      const accountId = await apiGroup(owner, name);
      const customer = await owner.api.post(`/${accountId}`, { klass: 'Customer', name: 'Rui Cliente' });
      expect(customer.status, customer.text).toBe(201);

      // the admin menu's adminnoop entry opens the backups page
      await signIn(page, owner, `/account/${accountId}`);
      if (width === 'desktop') await page.getByRole('button', { name: w.menu.wide }).click();
      else await page.getByRole('button', { name: w.menu.small }).click();
      await page.getByRole('menuitem', { name: w.entry }).click();
      await expect(page).toHaveURL(new RegExp(`/account/${accountId}/backups$`));
      await expect(page.getByRole('heading', { name: w.title, exact: true })).toBeVisible();

      // back up now: listed, then done with its size
      await page.getByTestId('backups-now').click();
      const row = page.getByTestId('backup-row');
      await expect(row).toHaveCount(1);
      await expect(row).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
      await expect(row).toContainText(w.done);
      await expect(row).toContainText(w.manual);
      await expect(row).toContainText(/\d+ (B|kB)/);
      await screens(page, `backups-01-listed-${lang}`);

      // download: the archive, named after the group and the day
      const downloading = page.waitForEvent('download');
      await row.getByTestId('backup-download').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(new RegExp(`^Bia-Repairs-${width}-\\d{4}-\\d{2}-\\d{2}\\.tar\\.gz$`));
      const saved = await download.path();
      expect(saved).toBeTruthy();

      // restore into a new group: the dialog, then the restore listed done with a link to the new group
      await row.getByTestId('backup-restore').click();
      const dialog = page.getByTestId('restore-dialog');
      await expect(dialog.getByText(w.newMode)).toBeVisible();
      await screens(page, `backups-02-restore-dialog-${lang}`);
      await dialog.getByTestId('restore-submit').click();
      await expect(dialog).toBeHidden();
      const restore = page.getByTestId('restore-row');
      await expect(restore).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
      await screens(page, `backups-03-restored-${lang}`);
      await restore.getByTestId('restore-open').click();
      await expect(page).toHaveURL(/\/account\/acc-[^/]+$/);
      const target = new URL(page.url()).pathname.split('/').pop()!;
      expect(target).not.toBe(accountId);
      await expect(page.getByText(`${name} (restored)`).first()).toBeVisible();

      // the customer is in the new group under the same id
      const copy = await owner.api.get(`/${target}/${customer.body.id}`);
      expect(copy.status, copy.text).toBe(200);
      expect(copy.body).toMatchObject({ _id: customer.body.id, name: 'Rui Cliente' });
    });
  });
}
