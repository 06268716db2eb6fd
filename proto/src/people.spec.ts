import { maskAddresses, maskEmail, publicLabel } from './people';

describe('people: how a person is named to others', () => {
  it('masks an address as the first character of its local part, an ellipsis and the domain', () => {
    expect(maskEmail('bob.smith@example.com')).toBe('b…@example.com');
    expect(maskEmail('b@x.io')).toBe('b…@x.io');
    expect(maskEmail('b…@x.io')).toBe('b…@x.io');
    expect(maskEmail('not an address')).toBe('…');
  });

  it('masks every address inside a text and leaves the rest', () => {
    expect(maskAddresses('carol@e.c')).toBe('c…@e.c');
    expect(maskAddresses('Bob <bob@example.com>, ana@x.org; Shop')).toBe('Bob <b…@example.com>, a…@x.org; Shop');
    expect(maskAddresses('Ana Maria')).toBe('Ana Maria');
    expect(maskAddresses('c…@e.c')).toBe('c…@e.c');
  });

  it('labels a person by the full name, else by the masked address', () => {
    expect(publicLabel('Ana Maria', 'ana@e.c')).toBe('Ana Maria');
    expect(publicLabel(null, 'ana@e.c')).toBe('a…@e.c');
    expect(publicLabel(undefined, 'ana@e.c')).toBe('a…@e.c');
    expect(publicLabel('  ', 'ana@e.c')).toBe('a…@e.c');
  });
});
