import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@app/ui';
import { jsonResponse, renderPage } from '../../test/render';
import { FreeLimitSwitch } from './FreeLimitSwitch';

afterEach(() => vi.unstubAllGlobals());

function stub(initial: boolean, put: (body: unknown) => Response = (body) => jsonResponse(200, body)) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/mail/preferences' && init?.method === 'PUT') return put(JSON.parse(String(init.body)));
    if (url === '/mail/preferences') return jsonResponse(200, { free_limit_notices: initial });
    return jsonResponse(404, { error: 'not_found', reason: 'missing' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the Free-plan limit notices switch', () => {
  it('shows the notices stopped by a mailed link as off, and turning it on sends PUT /mail/preferences and stays on', async () => {
    const fetch = stub(false);
    renderPage(<FreeLimitSwitch />, '/user/profile');
    const toggle = (await screen.findByRole('switch', { name: /Mail me when a Free group I run reaches its 1,000 records/ })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/mail/preferences', expect.objectContaining({ method: 'PUT', body: JSON.stringify({ free_limit_notices: true }) })));
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(true);
  });

  it('a refused change shows the error and the switch goes back to what is stored', async () => {
    stub(true, () => jsonResponse(503, { error: 'service_unavailable', reason: 'Try again in a moment' }));
    renderPage(<FreeLimitSwitch />, '/user/profile');
    const toggle = (await screen.findByRole('switch', { name: /Free group/ })) as HTMLInputElement;
    await waitFor(() => expect(toggle.checked).toBe(true));
    fireEvent.click(toggle);
    expect(await screen.findByText('Try again in a moment')).toBeTruthy();
    expect(toggle.checked).toBe(true);
  });

  it('reads in Portuguese', () => {
    const t = createI18n('pt-BR').t;
    expect(t('profile.free_limit_label')).toBe('Avisar por e-mail quando um grupo Gratuito que administro chegar a 1.000 registros');
    expect(t('profile.free_limit_hint')).toContain('O resumo semanal é a configuração de notificações de cada grupo.');
  });
});
