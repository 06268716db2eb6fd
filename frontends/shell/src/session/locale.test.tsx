import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQuery, type Session } from '../app/api';
import { TopBar } from '../components/TopBar';
import { jsonResponse, renderPage, testQueryClient } from '../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const session = { ok: true, userCtx: { name: 'usr-1', roles: ['usr-1', 'user'] }, user: { email: 'ana@example.com', confirmed: true }, memberships: [], locale: 'en' } as unknown as Session;

/** The top bar with the session query in use, as in the app's layout (an observed query is refetched when invalidated). */
function Bar() {
  const s = useQuery(sessionQuery);
  return <TopBar session={s.data ?? session} />;
}

function stub(saveStatus = 201) {
  const calls: string[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (url === '/_session') return jsonResponse(200, { ...session, locale: calls.some((c) => c === 'POST /usr-1') ? 'pt-BR' : 'en' });
    if (url === '/usr-1' && init?.method === 'POST') return jsonResponse(saveStatus, saveStatus < 300 ? { ok: true, id: 'ucn-1', rev: '1-a' } : { error: 'internal_server_error', reason: 'x' });
    return jsonResponse(200, { docs: [] });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

async function chooseLanguage(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'User menu' }));
  fireEvent.click(await screen.findByRole('menuitem', { name }));
}

describe('the language switch', () => {
  it('saves the locale, then reloads the session (spec §7), which then carries the new locale', async () => {
    const calls = stub();
    const queryClient = testQueryClient();
    queryClient.setQueryData(['session'], session);
    renderPage(<Bar />, '/app', '/app', { queryClient });
    await chooseLanguage('Português (Brasil)');
    await waitFor(() => expect(queryClient.getQueryData<Session>(['session'])?.locale).toBe('pt-BR'));
    const save = calls.indexOf('POST /usr-1');
    expect(save).toBeGreaterThan(-1);
    expect(calls.indexOf('GET /_session', save)).toBeGreaterThan(save);
  });

  it('reloads no session when the locale could not be saved', async () => {
    const calls = stub(500);
    const queryClient = testQueryClient();
    queryClient.setQueryData(['session'], session);
    renderPage(<Bar />, '/app', '/app', { queryClient });
    await chooseLanguage('Português (Brasil)');
    await waitFor(() => expect(calls).toContain('POST /usr-1'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).not.toContain('GET /_session');
  });
});
