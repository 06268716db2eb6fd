import { decodeText, encodingOf, fixWindows1252 } from './decode-text';

// Every byte 0x80–0x9F of windows-1252 as a browser reads it (WHATWG Encoding Standard's index), whatever label names
// the charset: Node 20's own decoder gives C1 controls for them (nodejs/node#56542).

const EXPECTED = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

describe('decodeText', () => {
  it.each(['windows-1252', 'cp1252', 'ISO-8859-1', 'iso-8859-1', 'latin1', 'us-ascii', ' Windows-1252 '])('reads 0x80–0x9F under the label %s as windows-1252 means them', (label) => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i);
    expect(decodeText(bytes, label)).toBe(EXPECTED);
  });

  it('keeps the rest of Latin-1 and ASCII as they are, and a bookmark title whole', () => {
    const title = Buffer.from([0x4d, 0x61, 0x6e, 0x75, 0x74, 0x65, 0x6e, 0xe7, 0xe3, 0x6f, 0x20, 0x96, 0x20, 0x93, 0x70, 0x72, 0x65, 0xe7, 0x6f, 0x94, 0x20, 0x31, 0x30, 0x20, 0x80]);
    expect(decodeText(title, 'iso-8859-1')).toBe('Manutenção – “preço” 10 €');
    expect(decodeText(Uint8Array.from({ length: 96 }, (_, i) => 0xa0 + (i % 96)), 'windows-1252')).toBe(String.fromCharCode(...Array.from({ length: 96 }, (_, i) => 0xa0 + (i % 96))));
  });

  it('leaves other encodings to Node (UTF-8 with fatal checks, UTF-16), and refuses an unknown label', () => {
    expect(decodeText(Buffer.from('“ok” €', 'utf8'), 'utf-8')).toBe('“ok” €');
    expect(() => decodeText(Uint8Array.from([0x93]), 'utf-8', { fatal: true })).toThrow(/not valid/);
    expect(decodeText(Buffer.from('\u0093', 'utf16le'), 'utf-16le')).toBe('\u0093'); // a real C1 stays in UTF-16
    expect(() => decodeText(Uint8Array.from([0x41]), 'no-such-charset')).toThrow(/no-such-charset/);
  });

  it('names the encoding of a label', () => {
    expect([encodingOf('ISO-8859-1'), encodingOf('utf8'), encodingOf('x-nope')]).toEqual(['windows-1252', 'utf-8', undefined]);
    expect(fixWindows1252('a\u0096b')).toBe('a–b');
  });
});
