import { BACKUP_DOCUMENTS_ROOM_BYTES, BACKUP_UPLOAD_MAX_BYTES, DRIVE_STORAGE_BYTES } from '@app/proto';
import { archiveTooLarge, uploadMaxBytes } from './backups.service';

describe('the upload bound of a backup archive', () => {
  it("defaults to the largest plan's drive storage plus room for the documents (1.5 GB), so a full pro group's archive goes back", () => {
    expect(uploadMaxBytes({})).toBe(BACKUP_UPLOAD_MAX_BYTES);
    expect(BACKUP_UPLOAD_MAX_BYTES).toBe(1_500_000_000);
    expect(uploadMaxBytes({})).toBeGreaterThanOrEqual(DRIVE_STORAGE_BYTES.pro + BACKUP_DOCUMENTS_ROOM_BYTES);
    expect(uploadMaxBytes({})).toBeGreaterThanOrEqual(Math.max(...Object.values(DRIVE_STORAGE_BYTES)) + BACKUP_DOCUMENTS_ROOM_BYTES);
  });

  it('takes BACKUP_UPLOAD_MAX_BYTES when it is a positive whole number, else the default', () => {
    expect(uploadMaxBytes({ BACKUP_UPLOAD_MAX_BYTES: '50000' })).toBe(50_000);
    for (const bad of ['', '0', '-1', '1.5', 'lots']) expect(uploadMaxBytes({ BACKUP_UPLOAD_MAX_BYTES: bad })).toBe(BACKUP_UPLOAD_MAX_BYTES);
  });

  it('refuses with 413 payload_too_large naming the bound in decimal units', () => {
    expect(archiveTooLarge(1_500_000_000).toBody()).toEqual({ error: 'payload_too_large', reason: 'An archive can have at most 1.5 GB' });
    expect(archiveTooLarge(50_000)).toMatchObject({ status: 413, reason: 'An archive can have at most 50 kB' });
    expect(archiveTooLarge(524_288_000).reason).toBe('An archive can have at most 524.2 MB');
    expect(archiveTooLarge(999).reason).toBe('An archive can have at most 999 bytes');
  });
});
