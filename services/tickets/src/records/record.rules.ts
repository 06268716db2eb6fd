import { addDays, type Doc } from '@app/proto';

// The server-set fields of the tickets module's other records (customers' equipment, contracts, estimates,
// maintenances), without I/O. The copies of a customer's name and an equipment's identifier are kept for lists and
// search; copied-names.rules.ts says where they go when the source is renamed.

/** The first line of a text, cut to 60 characters ('' when it is not text). */
export function firstLine(v: unknown): string {
  return typeof v === 'string' ? v.split(/\r?\n/)[0].slice(0, 60) : '';
}

/**
 * The copied customer name of a record pointing at `customer_id`: the customer's, else (deleted since) the one copied
 * before; none without a customer.
 */
export function customerName(fields: Record<string, unknown>, customer: Doc | null, prev: Doc | null): unknown {
  if (!fields.customer_id) return null;
  return customer ? (customer.name ?? null) : (prev?.customer_name ?? null);
}

/** The copied equipment identifier of a record pointing at `equipment_id`, as customerName. */
export function equipmentIdentifier(fields: Record<string, unknown>, equipment: Doc | null, prev: Doc | null): unknown {
  if (!fields.equipment_id) return null;
  return equipment ? (equipment.identifier ?? null) : (prev?.equipment_identifier ?? null);
}

/** A contract's label: the first line of its description, else its customer's name. */
export function contractLabel(fields: Record<string, unknown>): string | null {
  const name = fields.customer_name;
  return firstLine(fields.description) || (typeof name === 'string' ? name : null);
}

/** An estimate's label: "#<number>" and the first line of its description. */
export function estimateLabel(number: unknown, description: unknown): string {
  return `#${number} ${firstLine(description)}`.trim();
}

/** A maintenance's label: the equipment's identifier and the next maintenance date (else the date). */
export function maintenanceLabel(fields: Record<string, unknown>): string | null {
  return [fields.equipment_identifier, fields.next_maintenance ?? fields.date].filter(Boolean).join(' ') || null;
}

/** When a maintenance's warranty ends: date + warranty days; null unless both are set. */
export function warrantyEndsAt(fields: Record<string, unknown>): string | null {
  const date = typeof fields.date === 'string' ? fields.date : null;
  const warranty = typeof fields.warranty === 'number' ? fields.warranty : null;
  return date !== null && warranty !== null ? addDays(date, warranty) : null;
}
