import { gzipSync } from 'zlib';
import * as tar from 'tar-stream';
import { apiGroup, apiSignUp, expect, LAYOUTS, screens, signIn, test } from './fixtures';

// Issue 17 item 2 in the page, at 1280×800 in en and 390×844 in pt-BR (LAYOUTS): the administrator opens the backups
// page from the admin menu's adminnoop entry, backs the group up now, sees the archive listed done with its size and
// the disk's files with their bytes, downloads it (a tar.gz named after the group and the day), and restores it into a
// new group, which opens with the group's customer under the same id. An archive file whose files need more than a new
// group's drive storage is refused (507) with a text that says so and what to do, and a link to the plans.

/** A gzipped tar of these entries. */
async function archiveOf(entries: Record<string, string>): Promise<Buffer> {
  const pack = tar.pack();
  for (const [name, text] of Object.entries(entries)) pack.entry({ name }, text);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack) chunks.push(c as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

const WORDS = {
  en: {
    menu: { wide: 'Others', small: 'Main menu' },
    entry: 'Backups',
    title: 'Backups',
    done: 'Done',
    manual: 'Manual',
    newMode: /Into a new group named/,
    files: '2 files (80 kB)',
    driveStorage: "The archive's files do not fit: a new group starts on the Free plan, with 100 MB of drive storage.",
    plans: 'See the plans',
  },
  'pt-BR': {
    menu: { wide: 'Outros', small: 'Menu principal' },
    entry: 'Cópias de segurança',
    title: 'Cópias de segurança',
    done: 'Pronta',
    manual: 'Manual',
    newMode: /Em um grupo novo chamado/,
    files: '2 arquivos (80 kB)',
    driveStorage: 'Os arquivos da cópia não cabem: um grupo novo começa no plano Gratuito, com 100 MB de armazenamento no disco.',
    plans: 'Ver os planos',
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
      // two disk files, 80 kB in all
      for (const [file, size] of [['manual.pdf', 50_000], ['photo.jpg', 30_000]] as const) {
        const put = await owner.api.request('PUT', `/files/${accountId}/content?name=${file}`, { raw: Buffer.alloc(size, file), contentType: 'application/octet-stream' });
        expect(put.status, put.text).toBe(201);
      }

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
      await expect(row).toContainText(w.files);
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

    test(`${width}, ${lang}: an archive file whose files need more than a new group's drive storage is refused with what to do`, async ({ page }) => {
      const w = WORDS[lang];
      const owner = await apiSignUp('Bia Big', `backups-big-${width[0]}`, lang);
      const accountId = await apiGroup(owner, `Big files ${width}`);
      const manifest = { format: 2, account_id: 'acc-elsewhere', name: 'Big files', created_at: '2026-01-01T00:00:00.000Z', app_version: '1', counts: {}, files: 1, bytes: 200_000_000 };
      const archive = await archiveOf({ 'manifest.json': JSON.stringify(manifest) });

      await signIn(page, owner, `/account/${accountId}/backups`);
      await expect(page.getByTestId('backups-page')).toBeVisible();
      await page.locator('input[type="file"]').setInputFiles({ name: 'big-files.tar.gz', mimeType: 'application/gzip', buffer: archive });
      const dialog = page.getByTestId('restore-dialog');
      await dialog.getByTestId('restore-submit').click();
      const refusal = dialog.getByTestId('restore-drive-storage');
      await expect(refusal).toContainText(w.driveStorage);
      await expect(refusal.getByRole('link', { name: w.plans })).toHaveAttribute('href', `/checkout?account_id=${accountId}`);
      await screens(page, `backups-04-drive-storage-${lang}`);
    });
  });
}
