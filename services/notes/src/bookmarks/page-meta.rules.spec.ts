import { decodePage, isHtml, pageEncoding, readPageMeta } from './page-meta.rules';

describe('readPageMeta', () => {
  it('reads <title> (entities decoded, spaces squashed), the meta description and og:image resolved against the page', () => {
    const html = `<!doctype html><html><head><title>
      Troca de &Oacute;leo &amp; Filtros</title>
      <meta name="description" content="Passo a passo">
      <meta property="og:title" content="OG title">
      <meta property="og:description" content="OG description">
      <meta property="og:image" content="/img/cover.png">
      </head><body><title>not this</title></body></html>`;
    expect(readPageMeta(html, 'https://oficina.example/guia/oleo')).toEqual({ title: 'Troca de Óleo & Filtros', description: 'Passo a passo', image: 'https://oficina.example/img/cover.png' });
  });

  it('falls back to Open Graph (og:title, og:description) when the page has no title or description', () => {
    const html = '<html><head><meta property="og:title" content="Only OG"><meta property="og:description" content="OG text"></head></html>';
    expect(readPageMeta(html, 'https://x.example/')).toEqual({ title: 'Only OG', description: 'OG text', image: null });
  });

  it('ignores an svg <title>, an og:image that is no web address, and anything after <body>', () => {
    const html = '<html><head><svg><title>icon</title></svg><meta property="og:image" content="javascript:alert(1)"></head><body><meta name="description" content="late"></body></html>';
    expect(readPageMeta(html, 'https://x.example/')).toEqual({ title: null, description: null, image: null });
  });
});

describe('the page charset', () => {
  const latin1 = Buffer.from('<html><head><meta charset="iso-8859-1"><title>Manutenção</title></head></html>', 'latin1');

  it('follows the Content-Type header first, then a <meta charset>, then a BOM, else UTF-8 when valid and windows-1252 when not', () => {
    expect(pageEncoding(Buffer.from('x'), 'text/html; charset="Shift_JIS"')).toBe('shift_jis');
    expect(pageEncoding(latin1, 'text/html')).toBe('iso-8859-1');
    expect(pageEncoding(Buffer.from([0xef, 0xbb, 0xbf, 0x41]), 'text/html; charset=iso-8859-1')).toBe('utf-8');
    expect(pageEncoding(Buffer.from('ção', 'utf8'), undefined)).toBe('utf-8');
    expect(pageEncoding(Buffer.from('ção', 'latin1'), undefined)).toBe('windows-1252');
    expect(pageEncoding(Buffer.from('x'), 'text/html; charset=no-such-thing')).toBe('utf-8');
  });

  it('decodes a Latin-1 page so its title reads right', () => {
    expect(readPageMeta(decodePage(latin1, 'text/html'), 'https://x.example/').title).toBe('Manutenção');
  });

  it('reads HTML and XHTML answers (or untyped ones), not images or PDFs', () => {
    expect(isHtml('text/html; charset=utf-8')).toBe(true);
    expect(isHtml('application/xhtml+xml')).toBe(true);
    expect(isHtml(undefined)).toBe(true);
    expect(isHtml('application/pdf')).toBe(false);
    expect(isHtml('image/png')).toBe(false);
  });
});

describe('a windows-1252 or ISO-8859-1 page (Node 20 reads 0x80–0x9F as C1 controls)', () => {
  const title = Buffer.concat([Buffer.from('<html><head><title>'), Buffer.from([0x4d, 0x61, 0x6e, 0x75, 0x74, 0x65, 0x6e, 0xe7, 0xe3, 0x6f, 0x20, 0x96, 0x20, 0x93, 0x70, 0x72, 0x65, 0xe7, 0x6f, 0x94, 0x20, 0x31, 0x30, 0x20, 0x80]), Buffer.from('</title></head></html>')]);
  it.each(['text/html; charset=ISO-8859-1', 'text/html; charset=windows-1252', undefined])('keeps – “ ” € in the title (%s)', (type) => {
    expect(decodePage(title, type)).toContain('Manutenção – “preço” 10 €');
  });
});
