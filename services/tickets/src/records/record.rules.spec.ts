import type { Doc } from '@app/proto';
import { contractLabel, customerName, equipmentIdentifier, estimateLabel, firstLine, maintenanceLabel, warrantyEndsAt } from './record.rules';

const doc = (fields: Record<string, unknown>) => ({ _id: 'x-1', _rev: '1-a', ...fields }) as unknown as Doc;

describe('record rules', () => {
  it("copies the customer's name, keeps the copy when the customer is gone, and has none without a customer", () => {
    expect(customerName({ customer_id: 'cus-1' }, doc({ name: 'Ana' }), doc({ customer_name: 'Old' }))).toBe('Ana');
    expect(customerName({ customer_id: 'cus-1' }, null, doc({ customer_name: 'Old' }))).toBe('Old');
    expect(customerName({ customer_id: 'cus-1' }, null, null)).toBeNull();
    expect(customerName({ customer_id: '' }, doc({ name: 'Ana' }), null)).toBeNull();
  });

  it("copies the equipment's identifier the same way", () => {
    expect(equipmentIdentifier({ equipment_id: 'eqp-1' }, doc({ identifier: 'NB-1' }), null)).toBe('NB-1');
    expect(equipmentIdentifier({ equipment_id: 'eqp-1' }, null, doc({ equipment_identifier: 'NB-0' }))).toBe('NB-0');
    expect(equipmentIdentifier({}, doc({ identifier: 'NB-1' }), null)).toBeNull();
  });

  it("labels a contract by its description's first line (60 characters), else its customer's name", () => {
    expect(contractLabel({ description: 'Monthly care\nprinters', customer_name: 'Caio' })).toBe('Monthly care');
    expect(contractLabel({ description: '', customer_name: 'Caio' })).toBe('Caio');
    expect(contractLabel({ customer_name: null })).toBeNull();
    expect(firstLine('x'.repeat(70))).toHaveLength(60);
  });

  it('labels an estimate "#<number> <first line>" and a maintenance "<identifier> <next date, else date>"', () => {
    expect(estimateLabel(3, 'Screen\nand more')).toBe('#3 Screen');
    expect(estimateLabel(4, undefined)).toBe('#4');
    expect(maintenanceLabel({ equipment_identifier: 'AC-7', date: '2024-01-15', next_maintenance: '2024-07-15' })).toBe('AC-7 2024-07-15');
    expect(maintenanceLabel({ equipment_identifier: null, date: '2024-01-15' })).toBe('2024-01-15');
    expect(maintenanceLabel({})).toBeNull();
  });

  it('ends a warranty `warranty` days after the date, and not at all unless both are set', () => {
    expect(warrantyEndsAt({ date: '2024-01-15', warranty: 90 })).toBe('2024-04-14');
    expect(warrantyEndsAt({ date: '2024-01-15' })).toBeNull();
    expect(warrantyEndsAt({ warranty: 90 })).toBeNull();
  });
});
