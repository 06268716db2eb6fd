import { describe, expect, it } from 'vitest';
import { backupsEn } from './backups.en';
import { backupsPtBR } from './backups.pt-BR';
import { createI18n } from './index';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('backups texts', () => {
  it('has every English key in pt-BR', () => {
    expect(keys(backupsPtBR).sort()).toEqual(keys(backupsEn).sort());
  });
  it('is merged into both languages as backups.*, with the menu entry under nav.items.adminnoop', () => {
    expect(createI18n('en').t('backups.back_up_now')).toBe('Back up now');
    expect(createI18n('pt-BR').t('backups.back_up_now')).toBe('Fazer cópia agora');
    expect(createI18n('pt-BR').t('backups.dialog.confirm_label', { name: 'Oficina' })).toBe('Digite o nome do grupo, Oficina, para confirmar');
    expect(createI18n('en').t('nav.items.adminnoop')).toBe('Backups');
    expect(createI18n('pt-BR').t('nav.items.adminnoop')).toBe('Cópias de segurança');
  });
});
