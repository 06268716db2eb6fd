import { compileRegexWatch, type RegexWatch } from './regex-watch';

const watch = (pattern: string): RegexWatch => {
  const w = compileRegexWatch(pattern);
  if (typeof w === 'string') throw new Error(`${pattern} refused: ${w}`);
  return w;
};

describe('the regex watch of mapping rules', () => {
  it.each<[string, string, boolean]>([
    ['^pix .* joão$', 'PIX recebido JOÃO', true],
    ['^pix .* joão$', 'xPIX recebido JOÃO', false],
    ['\\bUBER\\b', 'pagto uber trip', true],
    ['\\bUBER\\b', 'pagto ubertrip', false],
    ['a{2,3}b', 'xaab', true],
    ['a{2,3}b', 'ab', false],
    ['colou?r', 'COLOR', true],
    ['[0-9]{3}\\.[0-9]{3}', 'cpf 123.456', true],
    ['[0-9]{3}\\.[0-9]{3}', 'cpf 123x456', false],
    ['(foo|bar)+baz', 'xxbarfoobaz', true],
    ['(?:mercado|feira) livre', 'MERCADO LIVRE*3 ITENS', true],
    ['^$', '', true],
    ['ç', 'AÇÚCAR', true],
    ['[à-ÿ]', 'ÉCOLE', true],
    ['\\s-\\s', 'a - b', true],
    ['\\d+,\\d{2}$', 'tarifa 12,50', true],
    ['.', '\n', false],
  ])('%j on %j: %s, as JavaScript says (ignoring case)', (pattern, text, expected) => {
    expect(watch(pattern).test(text)).toBe(expected);
    expect(new RegExp(pattern, 'iu').test(text)).toBe(expected);
  });

  it.each<[string, string]>([
    ['over 200 characters', 'a'.repeat(201)],
    ['nested quantifiers', '(a+)+$'],
    ['a repeated group that can be empty', '(a?)*b'],
    ['a lookbehind', '(?<=a)b'],
    ['a backreference', '(a)\\1'],
    ['a syntax error', '[z-a]'],
  ])('refuses %s', (what, pattern) => {
    expect(compileRegexWatch(pattern)).toBe(what === 'over 200 characters' ? 'is-too-long' : 'is-invalid');
  });

  it('looks at the first 1000 characters of a field only', () => {
    expect(watch('x').test(`${'a'.repeat(999)}x`)).toBe(true);
    expect(watch('x').test(`${'a'.repeat(1000)}x`)).toBe(false);
  });

  // JavaScript's engine backtracks on these for seconds at 25 characters (2^n); the automaton reads each character once.
  // What the code decides is which engine runs: the backtracking one never does (its time is bench material, not a test's)
  it.each<[string, boolean, string]>([
    ['^(a|a)*$', false, `${'a'.repeat(999)}!`],
    ['(a|a)*!', true, `${'a'.repeat(999)}!`],
    ['(\\w|\\d)+$', false, `${'1'.repeat(999)}!`],
    ['\\d*\\d*\\d*\\d*\\d*x', false, '1'.repeat(1000)],
    ['(?:a|b|ab)*c', false, 'ab'.repeat(500)],
  ])('%j on 1000 hostile characters answers %s by the automaton, never by the backtracking RegExp engine', (pattern, expected, text) => {
    const w = watch(pattern);
    // every RegExp match (test, match, replace, split…) goes through RegExp.prototype.exec
    const exec = jest.spyOn(RegExp.prototype, 'exec');
    try {
      expect(w.test(text)).toBe(expected);
      expect(exec).not.toHaveBeenCalled();
    } finally {
      exec.mockRestore();
    }
  });
});
