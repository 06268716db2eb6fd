import type { PublicUser } from '@app/proto';

/** A user as GET /_users/{id} answers it, with the given fields. */
export function publicUser(fields: Partial<PublicUser> = {}): PublicUser {
  return {
    _id: 'usr-1',
    _rev: '1-a',
    klass: 'User',
    name: 'usr-1',
    email: 'ana@example.com',
    fullname: null,
    label: 'ana@example.com',
    short_name: 'ana',
    locale: 'en',
    unconfirmed_email: null,
    confirmed_at: null,
    confirmation_sent_at: null,
    newsletter: false,
    gravatar_hash: '',
    created_at: '2025-05-01T10:00:00Z',
    updated_at: '2025-05-01T10:00:00Z',
    created_by: null,
    ...fields,
  };
}
