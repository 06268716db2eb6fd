import { api } from '../../app/api';

// The profile page's calls (spec §7): the user record, the user's memberships and tokens, in the user's own database.

export interface UserRecord {
  _id: string;
  _rev: string;
  name: string;
  email: string;
  fullname: string | null;
  label?: string;
  unconfirmed_email: string | null;
  confirmed_at: string | null;
  newsletter: boolean;
  gravatar_hash?: string;
  created_at?: string;
  updated_at?: string;
}

export interface SubscriptionDoc {
  _id: string;
  _rev: string;
  account_id: string;
  account_name?: string;
  status: 'pending' | 'accepted' | string;
  bookmark?: boolean;
  all_notifications?: boolean;
  ticket_created?: boolean;
  comment_created?: boolean;
  /** the group's plan when the server adds it (free, pro, corp, locked, …) */
  plan?: string;
  account_plan?: string;
}

export interface UserTokenDoc {
  _id: string;
  _rev: string;
  description?: string;
  permissions: string[];
  active: boolean;
  created_at?: string;
}

export interface WriteReply<D = Record<string, unknown>> {
  ok: boolean;
  id: string;
  rev: string;
  doc?: D;
}

const docsOf = <T,>(reply: { docs?: T[] } | T[]): T[] => (Array.isArray(reply) ? reply : (reply.docs ?? []));

export const isConfirmed = (u: Pick<UserRecord, 'confirmed_at' | 'unconfirmed_email'>) => !!u.confirmed_at && !u.unconfirmed_email;

export const userQuery = (id: string) => ({
  queryKey: ['profile', 'user', id] as const,
  queryFn: () => api.get<UserRecord>(`/_users/${encodeURIComponent(id)}`),
});

export const membershipsQuery = (userId: string) => ({
  queryKey: ['profile', 'memberships', userId] as const,
  queryFn: async () =>
    docsOf(await api.post<{ docs?: SubscriptionDoc[] }>(`/${userId}/_find`, { selector: { klass: 'Subscription' }, limit: 1000 })),
});

export const tokensQuery = (userId: string) => ({
  queryKey: ['profile', 'tokens', userId] as const,
  queryFn: async () =>
    docsOf(await api.post<{ docs?: UserTokenDoc[] }>(`/${userId}/_find`, { selector: { klass: 'UserToken', active: true }, limit: 1000 })),
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
