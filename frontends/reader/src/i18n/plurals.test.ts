import { zeroReadsSingular } from '@app/ui';
import { describe, expect, it } from 'vitest';
import { readerPtBR } from './pt-BR';

describe('the reader’s counted texts in Portuguese', () => {
  it('read 0 in the plural or in words, never in the singular (Intl.PluralRules puts 0 with 1 in Portuguese)', () => {
    expect(zeroReadsSingular(readerPtBR, 'pt-BR')).toEqual([]);
  });
});
