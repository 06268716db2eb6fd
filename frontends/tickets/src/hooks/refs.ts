import type { Doc } from '@app/proto';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { docs } from '../lib/api';
import { contractTitle, type TitleWords } from '../lib/record-titles';

// The records a form links to (customer, equipment, category, contract, ticket) as select options, and their names
// for lists and detail pages.

export type RefKlass = 'Customer' | 'Equipment' | 'Category' | 'Contract' | 'Ticket' | 'Estimate';

/** How a linked record is named (`words`: the page's language and "Contract", for a contract without a description). */
export function refLabel(doc: Doc, words: TitleWords = { language: 'en', noun: 'Contract' }): string {
  switch (doc.klass) {
    case 'Customer':
      return String(doc.name ?? doc._id);
    case 'Equipment':
      return String(doc.identifier ?? doc._id);
    case 'Category':
      return String(doc.name ?? doc._id);
    case 'Contract':
      return contractTitle(doc, words);
    case 'Ticket':
    case 'Estimate':
      return `#${doc.number ?? '?'} ${String(doc.title ?? doc.description ?? '')}`.trim();
    default:
      return doc._id;
  }
}

const FIELDS: Record<RefKlass, string[]> = {
  Customer: ['_id', 'klass', 'name'],
  Equipment: ['_id', 'klass', 'identifier', 'customer_id'],
  Category: ['_id', 'klass', 'name', 'color', 'active', 'checklist'],
  Contract: ['_id', 'klass', 'description', 'customer_id', 'customer_name', 'created_at', 'active'],
  Ticket: ['_id', 'klass', 'number', 'title'],
  Estimate: ['_id', 'klass', 'number', 'description'],
};

export const refsKey = (accountId: string, klass: RefKlass) => ['tickets', 'refs', accountId, klass] as const;

export function useRefs(accountId: string, klass: RefKlass, enabled = true) {
  return useQuery({
    queryKey: refsKey(accountId, klass),
    queryFn: () => docs.find(accountId, { selector: { klass }, fields: FIELDS[klass], limit: 1000 }),
    staleTime: 30_000,
    enabled,
  });
}

/** id → name of every record of a klass (the ids a list shows). */
export function useRefLabels(accountId: string, klass: RefKlass, enabled = true): Record<string, string> {
  const { t, i18n } = useTranslation('tickets');
  const refs = useRefs(accountId, klass, enabled);
  const words = { language: i18n.language, noun: t('entities.contracts.one') };
  const out: Record<string, string> = {};
  for (const d of refs.data ?? []) out[d._id] = refLabel(d, words);
  return out;
}
