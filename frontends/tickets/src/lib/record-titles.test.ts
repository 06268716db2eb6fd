import type { Doc } from '@app/proto';
import { describe, expect, it } from 'vitest';
import { contractTitle, maintenanceTitle } from './record-titles';

const doc = (fields: Record<string, unknown>) => fields as unknown as Doc;

const en = { language: 'en', noun: 'Contract' };
const pt = { language: 'pt-BR', noun: 'Contrato' };

describe('titles of contracts and maintenances (never their ids)', () => {
  it('a contract: its description, else its customer and day, else "Contract" and the day', () => {
    expect(contractTitle(doc({ _id: 'ctr-1', klass: 'Contract', description: 'Yearly care\nsecond line' }), en)).toBe('Yearly care');
    expect(contractTitle(doc({ _id: 'ctr-1', klass: 'Contract', description: '', customer_name: 'Ana Lima', created_at: '2026-11-20T12:00:00Z' }), en)).toBe('Ana Lima · 2026-11-20');
    expect(contractTitle(doc({ _id: 'ctr-1', klass: 'Contract', customer_name: 'Ana Lima', created_at: '2026-11-20T12:00:00Z' }), pt)).toBe('Ana Lima · 20/11/2026');
    expect(contractTitle(doc({ _id: 'ctr-1', klass: 'Contract', created_at: '2026-11-20T12:00:00Z' }), pt)).toBe('Contrato · 20/11/2026');
  });

  it('a maintenance: its equipment and its next day (else its day), else "Maintenance" and the day', () => {
    const words = { language: 'en', noun: 'Maintenance' };
    expect(maintenanceTitle(doc({ _id: 'mnt-1', klass: 'Maintenance', equipment_identifier: 'HP-01', next_maintenance: '2026-12-01', date: '2026-11-01' }), words)).toBe('HP-01 · 2026-12-01');
    expect(maintenanceTitle(doc({ _id: 'mnt-1', klass: 'Maintenance', date: '2026-11-01' }), words)).toBe('Maintenance · 2026-11-01');
    expect(maintenanceTitle(doc({ _id: 'mnt-1', klass: 'Maintenance', created_at: '2026-11-20T12:00:00Z' }), { language: 'pt-BR', noun: 'Manutenção' })).toBe('Manutenção · 20/11/2026');
    expect(maintenanceTitle(doc({ _id: 'mnt-1', klass: 'Maintenance' }), words)).toBe('Maintenance');
  });
});
