import { createI18n, zeroReadsSingular } from '@app/ui';
import { describe, expect, it } from 'vitest';
import { diskPtBR } from './pt-BR';
import { registerTranslations } from './register';

// counted texts whose count is never 0: a file keeps at least one version, the trash keeps things at least a day
const NEVER_ZERO = ['edit.max_versions_hint', 'info.default_versions', 'versions.kept', 'trash.hint'];

describe('the disk’s counted texts in Portuguese', () => {
  it('read 0 in the plural or in words, never "0 arquivo, 0 pasta"', () => {
    expect(zeroReadsSingular(diskPtBR, 'pt-BR').filter((k) => !NEVER_ZERO.includes(k))).toEqual([]);
    const i18n = createI18n('pt-BR');
    registerTranslations(i18n);
    const t = i18n.getFixedT('pt-BR', 'disk');
    expect(t('usage.counts', { files: t('usage.files', { count: 0 }), folders: t('usage.folders', { count: 0 }) })).toBe('nenhum arquivo, nenhuma pasta');
    expect(t('usage.files', { count: 1 })).toBe('1 arquivo');
    expect(t('usage.folders', { count: 2 })).toBe('2 pastas');
  });
});
