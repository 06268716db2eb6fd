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
  it("names an archive's files with their bytes in both languages, one, many and none", () => {
    expect(createI18n('en').t('backups.files', { count: 1, size: '5 kB' })).toBe('1 file (5 kB)');
    expect(createI18n('en').t('backups.files', { count: 1200, size: '3 MB' })).toBe('1,200 files (3 MB)');
    expect(createI18n('en').t('backups.files', { count: 0, size: '0 B' })).toBe('No files');
    expect(createI18n('pt-BR').t('backups.files', { count: 1, size: '5 kB' })).toBe('1 arquivo (5 kB)');
    expect(createI18n('pt-BR').t('backups.files', { count: 1200, size: '3 MB' })).toBe('1.200 arquivos (3 MB)');
    expect(createI18n('pt-BR').t('backups.files', { count: 0, size: '0 B' })).toBe('Nenhum arquivo');
  });
  it("says in pt-BR that the archive's files do not fit the plan's drive storage, and what to do", () => {
    const pt = createI18n('pt-BR');
    expect(pt.t('backups.errors.drive_storage_new', { quota: '100 MB' })).toBe(
      'Os arquivos da cópia não cabem: um grupo novo começa no plano Gratuito, com 100 MB de armazenamento no disco. Restaure a cópia sobre este grupo; se o plano deste grupo também tiver pouco armazenamento no disco, escolha antes um plano maior.',
    );
    expect(pt.t('backups.errors.drive_storage_replace', { quota: '1 GB' })).toBe(
      'Os arquivos da cópia não cabem no armazenamento no disco do plano deste grupo (1 GB). Escolha um plano maior para o grupo e restaure de novo.',
    );
    expect(pt.t('backups.errors.plans')).toBe('Ver os planos');
  });
});
