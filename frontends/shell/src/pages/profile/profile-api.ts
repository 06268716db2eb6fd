import type { PublicUser } from '@app/proto';
import { api } from '../../app/api';

// The profile page's calls (spec §7): the user record, the user's memberships and tokens, in the user's own database.

export const isConfirmed = (u: Pick<PublicUser, 'confirmed_at' | 'unconfirmed_email'>) => !!u.confirmed_at && !u.unconfirmed_email;

export const userQuery = (id: string) => ({
  queryKey: ['profile', 'user', id] as const,
  queryFn: () => api.call('GET /_users/{name}', { params: { name: id } }),
});

export const membershipsQuery = (userId: string) => ({
  queryKey: ['profile', 'memberships', userId] as const,
  queryFn: () => api.find(userId, { selector: { klass: 'Subscription' }, limit: 1000 }),
});

export const tokensQuery = (userId: string) => ({
  queryKey: ['profile', 'tokens', userId] as const,
  queryFn: () => api.find(userId, { selector: { klass: 'UserToken', active: true }, limit: 1000 }),
});

const pad = (n: number) => String(n).padStart(2, '0');

/** A date per locale (spec §9): year-month-day in English, day/month/year in Portuguese. */
export function formatDate(iso: string | undefined | null, language: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const [y, m, day] = [d.getFullYear(), pad(d.getMonth() + 1), pad(d.getDate())];
  return language.startsWith('pt') ? `${day}/${m}/${y}` : `${y}-${m}-${day}`;
}
