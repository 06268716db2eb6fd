import { renderModulePage, stubApi as stubKitApi, type Handler } from '@app/module-kit/testing';
import { texts } from '../i18n/register';
import Page from '../Page';

// The notes Page at a path as the shell mounts it, and the gateway stubbed (@app/module-kit/testing): unhandled views
// answer no rows.

export { isFind, jsonResponse, selectorOf, viewOf, type Call, type Handler } from '@app/module-kit/testing';

export const renderAt = (path: string, language = 'en') => renderModulePage(Page, texts, path, { language });

export const stubApi = (handler: Handler) => stubKitApi(handler, (call) => (call.url.includes('/_view/') ? { body: { rows: [] } } : undefined));

// A handbook as the service answers it (HandbookDoc): rendered content, backlinks, an earlier address.
export const OIL = {
  _id: 'hbk-0123456789abcdef0123',
  _rev: '3-c',
  klass: 'Handbook',
  created_at: '2026-05-01T10:00:00.000Z',
  updated_at: '2026-05-10T14:05:00.000Z',
  created_by: 'usr-ana',
  title: 'Troca de óleo',
  content: '# Passos\n\n| Motor | Litros |\n| --- | --- |\n| 2.0 | 4,5 |\n\nVeja [[filtros]].\n',
  content_type: 'markdown',
  categories: ['motor', 'oficina'],
  uri: 'troca-de-oleo',
  fields: [
    { field_name: 'Torque', field_value: '25 Nm' },
    { field_name: 'Óleo', field_value: '5W30' },
  ],
  content_html:
    '<h1>Passos</h1><table><thead><tr><th>Motor</th><th>Litros</th></tr></thead><tbody><tr><td>2.0</td><td>4,5</td></tr></tbody></table><p>Veja <a href="/account/acc-1/handbooks/filtros">filtros</a>.</p>',
  linked_by: [{ _id: 'hbk-aaaaaaaaaaaaaaaaaaaa', title: 'Revisão dos 10 mil', uri: 'revisao-10-mil' }],
  links_to: ['filtros'],
  old_uris: ['oleo'],
  value_for: { Torque: '25 Nm', Óleo: '5W30' },
  revision: 3,
};
