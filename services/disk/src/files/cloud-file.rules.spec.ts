import { contentDisposition, contentTypeOf, decimalSize, inlineSafe, movesIntoItself, quotaOf, quotaReason, restoredName, roomLeft, versionsKept } from './cloud-file.rules';

describe('disk rules', () => {
  it('keeps a file’s max_versions, else the last 3 (spec §9)', () => {
    expect(versionsKept({ max_versions: 7 })).toBe(7);
    expect(versionsKept({ max_versions: null })).toBe(3);
    expect(versionsKept({ max_versions: 0 })).toBe(3);
    expect(versionsKept(null)).toBe(3);
  });

  it('gives 1 GB (decimal) to pro and corp, 100 MB to free and to an unknown plan', () => {
    expect(quotaOf('pro')).toBe(1_000_000_000);
    expect(quotaOf('corp')).toBe(1_000_000_000);
    expect(quotaOf('free')).toBe(100_000_000);
    expect(quotaOf(undefined)).toBe(100_000_000);
    expect(quotaOf('gold')).toBe(100_000_000);
    expect(roomLeft(100, 130)).toBe(0);
  });

  it('says sizes in decimal units and the 507 reason with the figures', () => {
    expect(decimalSize(999)).toBe('999 B');
    expect(decimalSize(1500)).toBe('1.5 kB');
    expect(decimalSize(120_000_000)).toBe('120 MB');
    expect(quotaReason(150_000_000, 100_000_000, 20_000_000)).toBe(
      "Not enough space on this group's disk: the file needs 150 MB and 80 MB of 100 MB is free. Delete files or empty the trash, or choose a larger plan.",
    );
    expect(quotaReason(60_000_000, 100_000_000, 0, 60_000_000)).toBe(
      "Not enough space on this group's disk: the file needs 60 MB and 40 MB of 100 MB is free (uploads in progress hold 60 MB). Delete files or empty the trash, or choose a larger plan.",
    );
  });

  it('refuses moving a folder into itself or a folder inside it', () => {
    expect(movesIntoItself('cfl-a', [{ id: 'cfl-c' }, { id: 'cfl-a' }])).toBe(true);
    expect(movesIntoItself('cfl-a', [{ id: 'cfl-c' }, { id: 'cfl-b' }])).toBe(false);
  });

  it('names a restored entry whose name is taken before its extension, folders at the end', () => {
    expect(restoredName('report.pdf', 1, 'file')).toBe('report (restored).pdf');
    expect(restoredName('report.pdf', 2, 'file')).toBe('report (restored 2).pdf');
    expect(restoredName('v1.2', 1, 'dir')).toBe('v1.2 (restored)');
    expect(restoredName('.bashrc', 1, 'file')).toBe('.bashrc (restored)');
  });

  it('keeps a declared media type, else guesses from the name, else octet-stream', () => {
    expect(contentTypeOf('Text/Plain; charset=utf-8', 'text/markdown')).toBe('text/plain');
    expect(contentTypeOf('application/octet-stream', 'application/pdf')).toBe('application/pdf');
    expect(contentTypeOf('not a type', false)).toBe('application/octet-stream');
  });

  it('shows inline only images, PDFs and plain text; never HTML or SVG', () => {
    expect(['image/png', 'image/jpeg', 'application/pdf', 'text/plain'].map(inlineSafe)).toEqual([true, true, true, true]);
    expect(['text/html', 'image/svg+xml', 'application/javascript'].map(inlineSafe)).toEqual([false, false, false]);
  });

  it('writes Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266/8187)', () => {
    expect(contentDisposition('Orçamento "final".pdf', 'attachment')).toBe(
      `attachment; filename="Or_amento _final_.pdf"; filename*=UTF-8''Or%C3%A7amento%20%22final%22.pdf`,
    );
    expect(contentDisposition("it's (1).png", 'inline')).toBe(`inline; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`);
  });
});
