// Counted texts (i18next's `key_one` / `key_other`, chosen by Intl.PluralRules). Portuguese's rule (CLDR `pt`) puts 0
// with 1 in "one", so "0 arquivo", "0 pasta" — which a Brazilian reader takes for a mistake: Portuguese texts give
// each counted key a `_zero` form as well ("0 arquivos", "Nenhum arquivo"), which i18next takes when the count is 0.

/** The plural category of a count in a language (Intl.PluralRules), 'zero' for 0 where a `_zero` text is expected. */
export function pluralCategory(count: number, language: string): Intl.LDMLPluralRule {
  if (count === 0) return 'zero';
  return new Intl.PluralRules(language).select(count);
}

/** The keys (dotted paths) of counted texts that would read 0 in the singular: a `_one` form without a `_zero` one. */
export function zeroReadsSingular(texts: object, language: string): string[] {
  if (new Intl.PluralRules(language).select(0) !== 'one') return [];
  const out: string[] = [];
  const walk = (node: object, prefix: string) => {
    const keys = new Set(Object.keys(node));
    for (const [key, value] of Object.entries(node)) {
      if (value && typeof value === 'object') walk(value as object, `${prefix}${key}.`);
      else if (key.endsWith('_one') && !key.includes('_ordinal_')) {
        const base = key.slice(0, -4);
        // a counted text has its other forms beside it (`ignore_line_one` alone is a line called one, not a plural)
        const counted = keys.has(base) || keys.has(`${base}_other`);
        if (counted && !keys.has(`${base}_zero`)) out.push(`${prefix}${base}`);
      }
    }
  };
  walk(texts, '');
  return out;
}
