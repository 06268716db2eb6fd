import type { RefKlass } from '../../hooks/refs';

import { isValidCnpj, isValidCpf, type Doc } from '@app/proto';
import { contractTitle, maintenanceTitle, type TitleWords } from '../../lib/record-titles';
import { unreadableAmounts } from './money-items';

// The record kinds with plain list / show / new / edit screens, described once (spec §3 fields, the tickets-module
// contract): the generic pages in this folder render them. Labels are i18n keys `fields.<name>`.

export type FieldKind = 'text' | 'textarea' | 'email' | 'url' | 'date' | 'number' | 'integer' | 'boolean' | 'color' | 'ref' | 'items' | 'money';

export interface FieldDef {
  name: string;
  kind: FieldKind;
  required?: boolean;
  /** ref: the klass linked to */
  ref?: RefKlass;
  /** items: the fields of one entry */
  items?: FieldDef[];
  /** shown as a column of the list */
  list?: boolean;
  /** set by the server: shown, never edited */
  server?: boolean;
  /** Brazil-only (customer documents) */
  brazil?: boolean;
  /** value of a new record */
  initial?: unknown;
  /** a hint under the field (i18n key) */
  hint?: string;
  /** shown only with this account feature on */
  feature?: 'checklist';
}

export interface EntityDef {
  klass: 'Customer' | 'Equipment' | 'Category' | 'Contract' | 'Estimate' | 'Maintenance';
  /** the route segment: customers, equipment, … */
  segment: string;
  fields: FieldDef[];
  sort: Array<Record<string, 'asc' | 'desc'>>;
  /** how a record is named in titles (`words`: the page's language and the kind's name, for a record without a name) */
  title(doc: Doc, words?: TitleWords): string;
  /** checks in the form before saving: field → validation key */
  validate?(values: Record<string, unknown>): Record<string, string>;
}

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

export const customers: EntityDef = {
  klass: 'Customer',
  segment: 'customers',
  sort: [{ name: 'asc' }],
  title: (d) => String(d.name ?? d._id),
  fields: [
    { name: 'name', kind: 'text', required: true, list: true },
    { name: 'short_name', kind: 'text' },
    { name: 'email', kind: 'email', list: true },
    { name: 'site', kind: 'url' },
    { name: 'company_name', kind: 'text', list: true },
    { name: 'born_at', kind: 'date' },
    { name: 'gender', kind: 'text' },
    { name: 'ocupation', kind: 'text' },
    { name: 'job_title', kind: 'text' },
    { name: 'cpf', kind: 'text', brazil: true, hint: 'hints.cpf' },
    { name: 'cnpj', kind: 'text', brazil: true, hint: 'hints.cnpj' },
    { name: 'document', kind: 'text', brazil: true },
    { name: 'document_at', kind: 'date', brazil: true },
    { name: 'document_local', kind: 'text', brazil: true },
    { name: 'document_service', kind: 'text', brazil: true },
    { name: 'municipal_registration', kind: 'text', brazil: true },
    { name: 'state_registration', kind: 'text', brazil: true },
  ],
  // the same check digits the service applies (proto/src/tickets.ts), so a typo is caught before sending
  validate(values) {
    const errors: Record<string, string> = {};
    if (filled(values.cpf) && !isValidCpf(String(values.cpf))) errors.cpf = 'validation.is-invalid';
    if (filled(values.cnpj) && !isValidCnpj(String(values.cnpj))) errors.cnpj = 'validation.is-invalid';
    return errors;
  },
};

export const equipment: EntityDef = {
  klass: 'Equipment',
  segment: 'equipment',
  sort: [{ identifier: 'asc' }],
  title: (d) => String(d.identifier ?? d._id),
  fields: [
    { name: 'identifier', kind: 'text', required: true, list: true },
    { name: 'description', kind: 'textarea', list: true },
    { name: 'maker', kind: 'text', list: true },
    { name: 'customer_id', kind: 'ref', ref: 'Customer', list: true },
    { name: 'location', kind: 'text' },
  ],
};

export const categories: EntityDef = {
  klass: 'Category',
  segment: 'categories',
  sort: [{ name: 'asc' }],
  title: (d) => String(d.name ?? d._id),
  fields: [
    { name: 'name', kind: 'text', required: true, list: true },
    { name: 'color', kind: 'color', list: true, initial: '#228be6' },
    { name: 'active', kind: 'boolean', list: true, initial: true },
    { name: 'checklist', kind: 'textarea', hint: 'hints.checklist', feature: 'checklist' },
  ],
};

export const contracts: EntityDef = {
  klass: 'Contract',
  segment: 'contracts',
  sort: [{ created_at: 'desc' }],
  title: (d, words = { language: 'en', noun: 'Contract' }) => contractTitle(d, words),
  fields: [
    { name: 'description', kind: 'text', list: true },
    { name: 'customer_id', kind: 'ref', ref: 'Customer', list: true },
    { name: 'payment_kind', kind: 'text', list: true },
    { name: 'active', kind: 'boolean', list: true, initial: true },
    {
      name: 'items',
      kind: 'items',
      initial: [],
      items: [
        { name: 'number', kind: 'text' },
        { name: 'content', kind: 'text', required: true },
      ],
    },
  ],
};

export const estimates: EntityDef = {
  klass: 'Estimate',
  segment: 'estimates',
  sort: [{ number: 'desc' }],
  title: (d) => `#${d.number ?? '?'} ${String(d.description ?? '')}`.trim(),
  fields: [
    { name: 'number', kind: 'integer', server: true, list: true },
    { name: 'description', kind: 'text', list: true },
    { name: 'customer_id', kind: 'ref', ref: 'Customer', list: true },
    { name: 'ticket_id', kind: 'ref', ref: 'Ticket' },
    {
      name: 'items',
      kind: 'items',
      initial: [],
      items: [
        { name: 'description', kind: 'text', required: true },
        { name: 'quantity', kind: 'number', initial: 1 },
        // currency units, as the service stores them (75.5); typed in @app/ui's MoneyInput (money-items.tsx)
        { name: 'value', kind: 'money', initial: 0 },
      ],
    },
    { name: 'total', kind: 'money', server: true, list: true },
    { name: 'observation', kind: 'textarea' },
  ],
  // an amount or quantity the inputs could not read is NaN: refused here, never sent as another number
  validate(values): Record<string, string> {
    return unreadableAmounts(estimates.fields.find((f) => f.name === 'items')!, values.items) ? { items: 'money.check_items' } : {};
  },
};

export const maintenances: EntityDef = {
  klass: 'Maintenance',
  segment: 'maintenances',
  sort: [{ next_maintenance: 'asc' }],
  title: (d, words = { language: 'en', noun: 'Maintenance' }) => maintenanceTitle(d, words),
  fields: [
    { name: 'equipment_id', kind: 'ref', ref: 'Equipment', list: true },
    { name: 'category_id', kind: 'ref', ref: 'Category', list: true },
    { name: 'date', kind: 'date', list: true },
    { name: 'next_maintenance', kind: 'date', list: true },
    { name: 'warranty', kind: 'integer', hint: 'hints.warranty' },
    { name: 'warranty_ends_at', kind: 'date', server: true, list: true },
    { name: 'ticket_id', kind: 'ref', ref: 'Ticket' },
  ],
};

export const ENTITIES = { customers, equipment, categories, contracts, estimates, maintenances };
