import type { Doc } from '@app/proto';
import { COPIES, mayRename, rewritten, sourceValue } from './copied-names.rules';

const doc = (fields: Record<string, unknown>) => ({ _id: 'x-1', _rev: '2-a', created_at: '', updated_at: '', created_by: null, ...fields }) as unknown as Doc;
const copy = (source: string, klass: string) => COPIES[source].into.find((c) => c.klass === klass)!;

describe('copied names rules', () => {
  it('a rename may come from a live Customer or Equipment written again, not from a create, a delete or another klass', () => {
    expect(mayRename({ klass: 'Customer', deleted: false, rev: '2-a' })).toBe(true);
    expect(mayRename({ klass: 'Equipment', deleted: false, rev: '7-a' })).toBe(true);
    expect(mayRename({ klass: 'Customer', deleted: false, rev: '1-a' })).toBe(false);
    expect(mayRename({ klass: 'Customer', deleted: true, rev: '3-a' })).toBe(false);
    expect(mayRename({ klass: 'Ticket', deleted: false, rev: '2-a' })).toBe(false);
    expect(mayRename({ klass: 'toString', deleted: false, rev: '2-a' })).toBe(false);
  });

  it("copies a customer's name and an equipment's identifier (null when it has none)", () => {
    expect(sourceValue(doc({ klass: 'Customer', name: 'Ana' }))).toBe('Ana');
    expect(sourceValue(doc({ klass: 'Equipment', identifier: 'NB-1' }))).toBe('NB-1');
    expect(sourceValue(doc({ klass: 'Equipment' }))).toBeNull();
  });

  it("rewrites a ticket's copy with its search text and keeps its label and number", () => {
    const ticket = doc({ klass: 'Ticket', number: 7, title: 'Fan', customer_id: 'cus-1', customer_name: 'Old', label: '#7 Fan', search: '7\nfan\nold' });
    expect(rewritten(copy('Customer', 'Ticket'), ticket, 'cus-1', 'New Name')).toMatchObject({ number: 7, customer_name: 'New Name', label: '#7 Fan', search: '7\nfan\nnew name' });
  });

  it("rewrites a contract's label when it shows the customer's name, and a maintenance's label", () => {
    expect(rewritten(copy('Customer', 'Contract'), doc({ klass: 'Contract', customer_id: 'cus-1', customer_name: 'Old', description: '' }), 'cus-1', 'New')).toMatchObject({ customer_name: 'New', label: 'New' });
    expect(rewritten(copy('Customer', 'Contract'), doc({ klass: 'Contract', customer_id: 'cus-1', customer_name: 'Old', description: 'Care' }), 'cus-1', 'New')).toMatchObject({ label: 'Care' });
    const m = doc({ klass: 'Maintenance', equipment_id: 'eqp-1', equipment_identifier: 'NB-1', next_maintenance: '2027-05-01' });
    expect(rewritten(copy('Equipment', 'Maintenance'), m, 'eqp-1', 'NB-2')).toMatchObject({ equipment_identifier: 'NB-2', label: 'NB-2 2027-05-01' });
  });

  it('writes nothing to a record that already carries the name or points elsewhere now, and no meta fields', () => {
    const e = doc({ klass: 'Equipment', customer_id: 'cus-1', customer_name: 'New' });
    expect(rewritten(copy('Customer', 'Equipment'), e, 'cus-1', 'New')).toBeNull();
    expect(rewritten(copy('Customer', 'Equipment'), { ...e, customer_id: 'cus-2', customer_name: 'Old' }, 'cus-1', 'New')).toBeNull();
    expect(rewritten(copy('Customer', 'Equipment'), { ...e, customer_name: 'Old' }, 'cus-1', 'New')).toEqual({ customer_id: 'cus-1', customer_name: 'New' });
  });
});
