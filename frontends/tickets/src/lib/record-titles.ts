import type { Doc } from '@app/proto';
import { formatDate } from './format';

// How a contract or a maintenance is named in titles and pickers (issue 28: a contract without a description was
// titled "ctr-…", a maintenance without dates "mnt-…"): as a person would name it, from what the record carries (the
// customer's name and the equipment's identifier are copied onto it by the service) and its day; never its id.

/** The page's language and the kind's name ("Contract"), for a record with nothing better to be named by. */
export interface TitleWords {
  language: string;
  noun: string;
}

const firstLine = (v: unknown) => (typeof v === 'string' ? (v.split('\n').map((l) => l.trim()).find(Boolean) ?? '') : '');
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const day = (v: unknown, language: string) => (typeof v === 'string' ? formatDate(v, language) : '');

/** A contract: its description's first line; else its customer and the day it was made; else "Contract" and that day. */
export function contractTitle(doc: Doc, words: TitleWords): string {
  return firstLine(doc.description) || [text(doc.customer_name) || words.noun, day(doc.created_at, words.language)].filter(Boolean).join(' · ');
}

/** A maintenance: its equipment and its next maintenance day (else its day, else when it was made); else "Maintenance" and that day. */
export function maintenanceTitle(doc: Doc, words: TitleWords): string {
  const when = day(doc.next_maintenance, words.language) || day(doc.date, words.language) || day(doc.created_at, words.language);
  return [text(doc.equipment_identifier) || words.noun, when].filter(Boolean).join(' · ');
}
