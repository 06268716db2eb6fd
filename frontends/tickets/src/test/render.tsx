import { renderModulePage, stubApi as stubKitApi, type Call, type Handler } from '@app/module-kit/testing';
import { texts } from '../i18n/register';
import Page from '../Page';

// The tickets Page at a path as the shell mounts it, and the gateway stubbed (@app/module-kit/testing). Settings
// default to none (every feature off).

export { jsonResponse, selectorOf, settings, type Call, type Handler } from '@app/module-kit/testing';

export const renderAt = (path: string, language = 'en') => renderModulePage(Page, texts, path, { language });

/** The session (usr-me), the group (Ann Repairs) and a ticket's status link, unless the test answers them. */
function defaults({ method, url }: Call) {
  if (url.startsWith('/_session')) return { body: { ok: true, userCtx: { name: 'usr-me', roles: [] } } };
  if (url.startsWith('/accounts/')) return { body: { _id: 'acc-1', name: 'Ann Repairs' } };
  if (/^\/acc-1\/tickets\/[^/]+\/status-link(\?|$)/.test(url) && method === 'GET') return { body: statusLinkReply() };
  return undefined;
}

export const stubApi = (handler: Handler) => stubKitApi(handler, defaults);

/** A ticket's status link as the gateway answers it (issue 31): active, with a small QR path. */
export function statusLinkReply(over: Record<string, unknown> = {}) {
  return {
    ticket_id: 'tkt-5',
    state: 'active',
    url: 'http://app.test/s/AbCdEfGhIjKlMnOpQrStUvWx',
    qr: { size: 21, path: 'M0 0h7v1h-7z' },
    created_at: '2026-03-04T10:00:00.000Z',
    revoked_at: null,
    expires_at: null,
    days_after_done: 30,
    can_mail: true,
    ...over,
  };
}
