import { renderModulePage, stubApi as stubKitApi, type Handler } from '@app/module-kit/testing';
import { texts } from '../i18n/register';
import Page from '../Page';

// The finance Page at a path as the shell mounts it, and the gateway stubbed (@app/module-kit/testing): unhandled views
// answer no rows.

export { isFind, jsonResponse, selectorOf, type Call, type Handler } from '@app/module-kit/testing';

export const renderAt = (path: string, language = 'en') => renderModulePage(Page, texts, path, { language });

export const stubApi = (handler: Handler) => stubKitApi(handler, (call) => (call.url.includes('/_view/') ? { body: { rows: [] } } : undefined));

// Sample wallets: two in reais, one in dollars, an inactive one, a card.
export const WALLETS = [
  { _id: 'wal-itau', _rev: '1-a', klass: 'Wallet', name: 'Itaú', currency: 'BRL', precision: null, start_balance: 0, card: false, active: true },
  { _id: 'wal-nubank', _rev: '1-a', klass: 'Wallet', name: 'Nubank', currency: 'BRL', precision: null, start_balance: 0, card: true, limit: 500000, active: true },
  { _id: 'wal-usd', _rev: '1-a', klass: 'Wallet', name: 'Wise USD', currency: 'USD', precision: null, start_balance: 0, card: false, active: true },
  { _id: 'wal-old', _rev: '1-a', klass: 'Wallet', name: 'Old cash', currency: 'BRL', precision: null, start_balance: 0, card: false, active: false },
];
