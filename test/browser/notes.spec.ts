import { mkdirSync } from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import { apiSignUp, expect, LAYOUTS, login, recordValues, test } from './fixtures';

// Issue 16, "What it must show": the notes module used as a person would, in Chromium, once at 1280×800 in English and
// once at 390×844 in Portuguese. The module is switched on from the user menu; a handbook is written in markdown with a
// table, a code block, a word made bold with the toolbar, a manufacturer's address pasted over a word and a [[link]] to
// another handbook; the preview shows them; Ctrl+S saves; the link leads to the other handbook, which lists the first
// as linking to it; the first is renamed (its address changed, a line added) while it is saved elsewhere: the 409 shows
// both versions and nothing is overwritten until the writer puts theirs back and saves; the history compares the
// revisions, and the old address still leads to the page. A bookmark of a page this test serves on loopback gets the page's title from
// the service's background fetch (the notes service runs with NOTES_ALLOW_PRIVATE_URLS=1). A word with an accent
// typed without it finds the handbook and the bookmark. The wiki lists the pages opened.
// Screenshots of each step: /tmp/shots-notes/<step>-<width>-<language>.png.

const SHOTS = '/tmp/shots-notes';

const WORDS = {
  en: {
    userMenu: 'User menu',
    mainMenu: 'Main menu',
    others: 'Others',
    newHandbook: 'New handbook',
    title: 'Title',
    address: 'Address',
    tags: 'Tags',
    content: 'Content',
    bold: 'Bold (Ctrl+B)',
    preview: 'Preview',
    addField: 'Add a field',
    fieldName: 'Name of field 1',
    fieldValue: 'Value of field 1',
    save: 'Save',
    edit: 'Edit',
    linkedBy: 'Linked by',
    oldAddresses: 'Earlier addresses',
    history: 'History (3)',
    added: '1 line added',
    removed: '1 line removed',
    conflict: 'Someone else changed this page',
    addresses: 'Address: theirs “troca-de-oleo”, yours “troca-de-oleo-motor”',
    reload: 'Reload theirs into the editor',
    useMine: 'Put my version back in the editor',
    bookmarks: 'Bookmarks',
    newBookmark: 'New bookmark',
    url: 'Address (URL)',
    sending: /^Sending the file \(6,006 links\)… \d+%$/,
    serviceSide: /^(Reading 6,006 links…|Importing: [\d,]+ of 6,000 bookmarks)$/,
    imported: 'Imported: 6,000 new, 0 already here, 6 not valid.',
    fetching: 'Fetching the title…',
    search: 'Search notes',
    results: '2 results',
    open: 'Open entries',
    updated: 'Recently updated',
  },
  'pt-BR': {
    userMenu: 'Menu do usuário',
    mainMenu: 'Menu principal',
    others: 'Outros',
    newHandbook: 'Novo manual',
    title: 'Título',
    address: 'Endereço',
    tags: 'Etiquetas',
    content: 'Conteúdo',
    bold: 'Negrito (Ctrl+B)',
    preview: 'Pré-visualização',
    addField: 'Adicionar um campo',
    fieldName: 'Nome do campo 1',
    fieldValue: 'Valor do campo 1',
    save: 'Salvar',
    edit: 'Editar',
    linkedBy: 'Citado por',
    oldAddresses: 'Endereços anteriores',
    history: 'Histórico (3)',
    added: '1 linha incluída',
    removed: '1 linha removida',
    conflict: 'Outra pessoa alterou esta página',
    addresses: 'Endereço: na outra versão “troca-de-oleo”, na sua “troca-de-oleo-motor”',
    reload: 'Carregar a outra versão no editor',
    useMine: 'Colocar minha versão de volta no editor',
    bookmarks: 'Favoritos',
    newBookmark: 'Novo favorito',
    url: 'Endereço (URL)',
    sending: /^Enviando o arquivo \(6\.006 links\)… \d+%$/,
    serviceSide: /^(Lendo 6\.006 links…|Importando: [\d.]+ de 6\.000 favoritos)$/,
    imported: 'Importados: 6.000 novos, 0 já existentes, 6 inválidos.',
    fetching: 'Buscando o título…',
    search: 'Buscar nas notas',
    results: '2 resultados',
    open: 'Entradas abertas',
    updated: 'Atualizadas recentemente',
  },
} as const;

/** A browser's export of `count` bookmarks in folders of 1,000, each with its icon (a data: URL, as Chrome writes), and a bookmarklet per folder. */
function chromeExport(count: number): Buffer {
  const icon = `data:image/png;base64,${Buffer.alloc(1800, 7).toString('base64')}`;
  const folders = Array.from({ length: Math.ceil(count / 1000) }, (_, f) => {
    const links = Array.from({ length: Math.min(1000, count - f * 1000) }, (_, k) => {
      const i = f * 1000 + k;
      return `            <DT><A HREF="https://fornecedor${i}.example/catalogo" ADD_DATE="${1600000000 + i}" ICON="${icon}">Catálogo ${i} — peças</A>\n`;
    }).join('');
    return `        <DT><H3>Fornecedores ${f + 1}</H3>\n        <DL><p>\n${links}            <DT><A HREF="javascript:void(0)">bookmarklet</A>\n        </DL><p>\n`;
  });
  return Buffer.from(`<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n${folders.join('')}</DL><p>\n`);
}

/** The page the bookmark points at, served by this test on loopback: its <title> and Open Graph description. */
const BOOKMARKED_PAGE = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8">
<title>Guia de Óleos Lubrificantes</title>
<meta property="og:description" content="Lubrificação correta do motor: viscosidade e intervalos de troca.">
</head><body><h1>Guia de óleos</h1><p>Escolha o óleo certo.</p></body></html>`;

const CONTENT = [
  '## Passos',
  '',
  'Drene o óleo usado e use sempre o filtro do fabricante. A lubrificação correta evita desgaste.',
  '',
  'Veja também [[Filtros de óleo]].',
  '',
  '| Motor | Litros |',
  '| --- | --- |',
  '| 1.6 | 4,2 |',
  '| 2.0 | 4,5 |',
  '',
  '```bash',
  'torque --set 25Nm',
  '```',
  '',
].join('\n');


let server: http.Server;
let pageUrl = '';

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/guia-de-oleos')) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BOOKMARKED_PAGE);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/guia-de-oleos`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// the desktop in English and the phone in Portuguese; all four pairs with BROWSER_SHOTS=1 (fixtures LAYOUTS)
for (const { width, viewport, lang } of LAYOUTS) {
  const w = WORDS[lang];
  const phone = width === 'phone';

  test.describe(`notes at ${width} width in ${lang}`, () => {
    test.use({ viewport });

    test(`${width}, ${lang}: a markdown handbook with a table, code, a bold word, a pasted link and a [[link]] previewed and saved with Ctrl+S; the backlink on the other page; a rename saved over someone else's change only after the 409 dialog showed both versions, whose old address still leads there and whose history shows the change; a bookmark titled by the background fetch of a loopback page; a browser's export of 6,000 bookmarks imported with its progress; a search without accents finds both; the wiki`, async ({ browser }) => {
      test.setTimeout(240_000);
      const owner = await apiSignUp('Nina Notas', `notes-${width[0]}`);
      const group = await owner.api.post('/accounts', { name: `Oficina ${width}` });
      expect(group.status, group.text).toBe(201);
      const accountId: string = group.body.id;

      const context = await browser.newContext({ baseURL: process.env.BROWSER_BASE_URL, viewport, locale: 'en-US' });
      const page = await context.newPage();
      let step = 0;
      const shot = async (name: string) => {
        mkdirSync(SHOTS, { recursive: true });
        await page.waitForTimeout(150); // Mantine's transitions settle
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SHOTS}/${String(++step).padStart(2, '0')}-${name}-${width}-${lang}.png`, fullPage: true, animations: 'disabled' });
      };
      /** the shell's account menu: the wide bar's main items and Others, or the phone's burger */
      const accountMenu = async (item: string, secondary: boolean) => {
        if (phone) await page.getByRole('button', { name: w.mainMenu }).click();
        else if (secondary) await page.getByTestId('account-menu-wide').getByRole('button', { name: w.others }).click();
        await page.locator(`[data-nav="${item}"]:visible`).first().click();
      };
      const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });
      const content = page.getByRole('textbox', { name: w.content });
      /** selects a word of the content, as a double click would */
      const selectWord = (word: string) =>
        content.evaluate((el: HTMLTextAreaElement, word) => {
          const at = el.value.indexOf(word);
          el.focus();
          el.setSelectionRange(at, at + word.length);
        }, word);

      // sign in, the language, the notes module (user menu)
      await page.goto('/app');
      await login(page, owner.email);
      await expect(page.getByRole('button', { name: WORDS.en.userMenu })).toBeVisible();
      if (lang === 'pt-BR') {
        const saved = page.waitForResponse((r) => /\/usr-[^/]+(\/ucn-[^/?]+)?(\?|$)/.test(r.url()) && ['PUT', 'POST'].includes(r.request().method()));
        await page.getByRole('button', { name: WORDS.en.userMenu }).click();
        await page.getByRole('menuitem', { name: 'Português (Brasil)' }).click();
        await saved;
      }
      await page.goto(`/account/${accountId}`);
      await page.getByRole('button', { name: w.userMenu }).click();
      await page.locator('[data-module="notes"]').click();

      // the handbook linked to, written first: "Filtros de óleo"
      await accountMenu('handbooks', false);
      await expect(page).toHaveURL(new RegExp(`/account/${accountId}/handbooks$`));
      await page.getByRole('link', { name: w.newHandbook }).click();
      await textbox(w.title).fill('Filtros de óleo');
      await expect(textbox(w.address)).toHaveValue('filtros-de-oleo');
      await content.fill('Use o filtro **original**.');
      await page.getByRole('button', { name: w.save }).click();
      await expect(page).toHaveURL(new RegExp(`/handbooks/filtros-de-oleo$`));

      // the handbook: markdown typed, a word made bold with the toolbar, a manufacturer's address pasted over a word
      await page.getByTestId('notes-nav').getByRole('link', { name: lang === 'en' ? 'Handbooks' : 'Manuais' }).click();
      await page.getByRole('link', { name: w.newHandbook }).click();
      await textbox(w.title).fill('Troca de Óleo');
      await textbox(w.tags).fill('Motor, oficina');
      await content.fill(CONTENT);
      await selectWord('sempre');
      await page.getByRole('button', { name: w.bold }).click();
      await expect(content).toHaveValue(/use \*\*sempre\*\* o filtro/);
      await selectWord('fabricante');
      await content.evaluate((el) => {
        const data = new DataTransfer();
        data.setData('text/plain', 'https://example.com/manual-do-fabricante');
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      });
      await expect(content).toHaveValue(/filtro do \[fabricante\]\(https:\/\/example\.com\/manual-do-fabricante\)\./);
      await page.getByRole('button', { name: w.addField }).click();
      await page.getByRole('textbox', { name: w.fieldName }).fill('Torque');
      await page.getByRole('textbox', { name: w.fieldValue }).fill('25 Nm');
      // the preview the service renders (beside the text; behind its tab on a phone)
      if (phone) await page.getByText(w.preview, { exact: true }).click();
      const preview = page.getByTestId('preview-content');
      await expect(preview.getByRole('cell', { name: '4,5' })).toBeVisible();
      await expect(preview.locator('pre code')).toHaveText('torque --set 25Nm');
      await expect(preview.locator('strong')).toHaveText('sempre');
      await expect(preview.getByRole('link', { name: 'fabricante' })).toHaveAttribute('href', 'https://example.com/manual-do-fabricante');
      await expect(preview.getByRole('link', { name: 'Filtros de óleo' })).toHaveAttribute('href', `/account/${accountId}/handbooks/filtros-de-oleo`);
      await shot('editor-preview');
      if (phone) await page.getByText(lang === 'en' ? 'Write' : 'Escrever', { exact: true }).click();
      await content.focus();
      await page.keyboard.press('Control+s');
      await expect(page).toHaveURL(new RegExp(`/handbooks/troca-de-oleo$`));
      const shown = page.getByTestId('handbook-content');
      await expect(shown.getByRole('columnheader', { name: 'Litros' })).toBeVisible();
      await expect(shown.locator('pre code')).toHaveText('torque --set 25Nm');
      await expect(page.getByTestId('handbook-fields')).toContainText('Torque25 Nm');
      await shot('handbook');

      // the [[link]] leads to the other handbook (inside the app), which lists this one as linking to it
      await shown.getByRole('link', { name: 'Filtros de óleo' }).click();
      await expect(page).toHaveURL(new RegExp(`/handbooks/filtros-de-oleo$`));
      const linkedBy = page.getByTestId('linked-by');
      await expect(linkedBy.getByRole('heading', { name: w.linkedBy })).toBeVisible();
      await expect(linkedBy.getByRole('link', { name: 'Troca de Óleo' })).toBeVisible();
      await shot('backlink');

      // renamed: a new address and one more line. Meanwhile the page is saved elsewhere (over the API): the save is
      // refused with both versions shown; theirs is reloaded into the editor, then the writer's whole version put back
      // deliberately and saved over it. The history compares the two last revisions.
      await linkedBy.getByRole('link', { name: 'Troca de Óleo' }).click();
      await page.getByRole('link', { name: w.edit, exact: true }).click();
      await textbox(w.address).fill('troca-de-oleo-motor');
      await content.focus();
      await page.keyboard.press('Control+End');
      await page.keyboard.type('Confira o nível após 5 minutos.');
      const found = await owner.api.get(`/${accountId}/_design/handbooks/_view/by_uri?key=${encodeURIComponent('"troca-de-oleo"')}`);
      const stored = await owner.api.get(`/${accountId}/${found.body.rows[0].value._id}`);
      const elsewhere = await owner.api.put(`/${accountId}/${stored.body._id}?rev=${stored.body._rev}`, { ...stored.body, content: `${stored.body.content}Outra linha de outra pessoa.\n` });
      expect(elsewhere.status, elsewhere.text).toBe(200);
      await page.getByRole('button', { name: w.save }).click();
      const dialog = page.getByRole('dialog', { name: w.conflict });
      await expect(dialog.getByTestId('conflict-diff').locator('[data-line="removed"]')).toContainText('Outra linha de outra pessoa.');
      await expect(dialog.getByTestId('conflict-diff').locator('[data-line="added"]')).toContainText('Confira o nível após 5 minutos.');
      // the address the writer typed differs from theirs: said beside the content's differences (issue 26 #8)
      await expect(dialog.getByTestId('conflict-addresses')).toHaveText(w.addresses);
      await shot('conflict');
      await dialog.getByRole('button', { name: w.reload }).click();
      await expect(content).toHaveValue(/Outra linha de outra pessoa\.\n$/);
      await expect(textbox(w.address)).toHaveValue('troca-de-oleo');
      await page.getByRole('button', { name: w.useMine }).click();
      await expect(content).toHaveValue(/Confira o nível após 5 minutos\.$/);
      await expect(textbox(w.address)).toHaveValue('troca-de-oleo-motor');
      await page.getByRole('button', { name: w.save }).click();
      await expect(page).toHaveURL(new RegExp(`/handbooks/troca-de-oleo-motor$`));
      await expect(page.getByTestId('linked-by')).toContainText(`${w.oldAddresses}: troca-de-oleo`);
      await page.getByRole('link', { name: w.history }).click();
      await expect(page.getByTestId('revision-row')).toHaveCount(3);
      await expect(page.getByTestId('revision-row').first()).toContainText('Nina Notas');
      await expect(page.getByTestId('diff-added')).toHaveText(w.added);
      await expect(page.getByTestId('diff-removed')).toHaveText(w.removed);
      await expect(page.locator('[data-line="added"]')).toContainText('Confira o nível após 5 minutos.');
      await expect(page.locator('[data-line="removed"]')).toContainText('Outra linha de outra pessoa.');
      await shot('history');

      // the old address (a link kept elsewhere) still leads to the page, now at its new address
      await page.goto(`/account/${accountId}/handbooks/troca-de-oleo`);
      await expect(page).toHaveURL(new RegExp(`/handbooks/troca-de-oleo-motor$`));
      await expect(page.getByRole('heading', { name: 'Troca de Óleo', level: 2 })).toBeVisible();

      // a bookmark: the title comes from the page once the service has fetched it
      await accountMenu('bookmarks', true);
      await page.getByRole('link', { name: w.newBookmark }).click();
      await textbox(w.url).fill(pageUrl);
      await textbox(w.tags).fill('óleo');
      await page.getByRole('button', { name: w.save }).click();
      await expect(page).toHaveURL(new RegExp(`/bookmarks/bkm-[0-9a-f]+$`));
      await expect(page.getByRole('heading', { name: 'Guia de Óleos Lubrificantes', level: 2 })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('field-description')).toHaveText('Lubrificação correta do motor: viscosidade e intervalos de troca.');
      await expect(page.getByTestId('fetch-status')).toHaveCount(0);
      await shot('bookmark');
      await page.getByTestId('notes-nav').getByRole('link', { name: w.bookmarks }).click();
      await expect(page.getByTestId('bookmark-row')).toHaveCount(1);
      await expect(page.getByTestId('bookmark-title')).toHaveText('Guia de Óleos Lubrificantes');
      await shot('bookmarks');

      // a browser's whole export (6,000 bookmarks, 15 MB with their icons): sent without the icons, with the upload's
      // progress, then the service's, then the report (issue 26 #11). The progress line's texts are recorded as they
      // change: which of the service's phases a poll (every 0.5 s) lands in depends on the machine's load (in CI the
      // import took 6 s and a starved page polled once), so the test holds the order, not one transient text
      const progressTexts = await recordValues(page, { selector: '[data-testid="import-progress"] p' });
      await page.locator('input[type="file"]').setInputFiles({ name: 'bookmarks.html', mimeType: 'text/html', buffer: chromeExport(6000) });
      await expect(page.getByTestId('import-report')).toHaveText(w.imported, { timeout: 90_000 });
      await expect(page.getByTestId('import-progress')).toHaveCount(0);
      await expect(page.getByTestId('bookmark-row')).toHaveCount(50);
      await shot('bookmarks-imported');
      // the file's upload with its percentage, then the service's side (reading the file, or how many are stored)
      const texts = await progressTexts();
      const firstService = texts.findIndex((t) => w.serviceSide.test(t));
      expect(texts.findIndex((t) => w.sending.test(t)), texts.join(' | ')).toBe(0);
      expect(firstService, texts.join(' | ')).toBeGreaterThan(0);
      expect(texts.slice(firstService).every((t) => w.serviceSide.test(t)), texts.join(' | ')).toBe(true);

      // "lubrificacao" (no accents) from the top bar's search box finds the handbook and the bookmark
      if (phone) await page.getByTestId('notes-search-open').click();
      const box = page.getByRole('searchbox', { name: w.search }).filter({ visible: true });
      await box.fill('lubrificacao');
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/notes-search\\?q=lubrificacao$`));
      const hits = page.getByTestId('search-hit');
      await expect(hits).toHaveCount(2);
      await expect(page.getByText(w.results)).toBeVisible();
      await expect(hits.filter({ hasText: 'Troca de Óleo' }).locator('mark').first()).toHaveText(/lubrificação/i);
      await expect(hits.filter({ hasText: 'Guia de Óleos Lubrificantes' }).locator('mark').first()).toHaveText(/lubrificação/i);
      await shot('search');

      // the wiki: the pages opened here and the recently updated ones
      await accountMenu('wiki', true);
      await expect(page.getByTestId('wiki-open').getByRole('link', { name: 'Troca de Óleo' })).toBeVisible();
      await expect(page.getByTestId('wiki-open').getByRole('link', { name: 'Filtros de óleo' })).toBeVisible();
      await expect(page.getByRole('heading', { name: w.updated })).toBeVisible();
      await expect(page.getByTestId('wiki-updated-row')).toHaveCount(2);
      await shot('wiki');
      await context.close();
    });
  });
}
