import { renderModulePage, stubApi as stubKitApi, type Handler } from '@app/module-kit/testing';
import { texts } from '../i18n/register';
import Page from '../Page';

// The disk Page at a path as the shell mounts it, and the gateway stubbed (@app/module-kit/testing): the session is
// usr-me, me@example.com.

export { jsonResponse, rows, selectorOf, type Call, type Handler } from '@app/module-kit/testing';

export const renderAt = (path: string, language = 'en', state?: unknown) => renderModulePage(Page, texts, path, { language, state });

const SESSION = { ok: true, userCtx: { name: 'usr-me', roles: [] }, user: { email: 'me@example.com', fullname: 'Ann Me', label: 'Ann Me' } };

export const stubApi = (handler: Handler) => stubKitApi(handler, (call) => (call.url.startsWith('/_session') ? { body: SESSION } : undefined));
