import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import SettingsPage from './SettingsPage';
import { lastChangeOf } from './settings-rules';

afterEach(() => vi.unstubAllGlobals());

describe('the settings page', () => {
  it("has the preferences and the version card: the app's and the server's versions, and the group's document changes", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/_session') return jsonResponse(200, { ok: true, userCtx: { name: 'usr-1', roles: [] }, confirmed: true, memberships: [] });
        if (url === '/') return jsonResponse(200, { servicedesk: 'Welcome', version: '0.1.0+abc1234', api: { docs: '/api/docs', openapi: '/api/docs-json' } });
        if (url === '/acc-1') return jsonResponse(200, { db_name: 'acc-1', update_seq: 1234, doc_count: 56 });
        if (url.startsWith('/acc-1/_changes'))
          return jsonResponse(200, {
            results: [{ seq: 1234, id: 'tkt-1', changes: [{ rev: '2-a' }], doc: { _id: 'tkt-1', _rev: '2-a', label: 'Broken screen', updated_at: '2026-11-20T14:05:00Z' }, action: 'update', klass: 'Ticket', actor_label: null }],
            last_seq: 1234,
          });
        return jsonResponse(404, { error: 'not_found', reason: 'missing' });
      }),
    );
    renderPage(<SettingsPage />, '/account/acc-1/settings', '/account/:account_id/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByTestId('settings-preferences').textContent).toContain('Language');
    await waitFor(() => expect(screen.getByTestId('version-changes').textContent).toBe('1,234'));
    expect(screen.getByTestId('version-documents').textContent).toBe('56');
    await waitFor(() => expect(screen.getByTestId('version-server').textContent).toBe('0.1.0+abc1234'));
    await waitFor(() => expect(screen.getByTestId('version-last-change').textContent).toMatch(/^updated · Ticket · 2026-11-20 \d\d:\d\d$/));
  });

  it('tells the newest change by its seq, whatever the order', () => {
    expect(lastChangeOf(undefined)).toBeNull();
    expect(
      lastChangeOf([
        { seq: 3, id: 'a', changes: [], deleted: true, action: 'destroy', klass: 'Customer', actor_label: null },
        { seq: 1, id: 'b', changes: [], action: 'create', klass: 'Ticket', actor_label: null },
      ]),
    ).toEqual({ action: 'destroy', klass: 'Customer', at: null });
  });
});
