import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@app/ui';
import { NewVersionBanner } from '../../components/NewVersionBanner';
import { newVersion } from '../../session/version-store';
import { renderPage } from '../../test/render';
import { ModuleView } from './ModulePage';

afterEach(() => newVersion.reset());

function Hello() {
  return <h2>Hello remote</h2>;
}

/** An API client whose server answers with x-app-version `version()`, raising the banner like the shell's. */
function clientAt(version: () => string) {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ version: version() }), { status: 200, headers: { 'x-app-version': version() } }));
  return { fetch, api: createApiClient({ fetch, onVersionChange: () => newVersion.raise() }) };
}

describe('module page and the new-version banner', () => {
  it('renders the page the remote exposes', async () => {
    const load = vi.fn(async () => ({ default: Hello }));
    renderPage(<ModuleView name="hello" load={load} checkVersion={async () => false} />, '/');
    expect(await screen.findByRole('heading', { name: 'Hello remote' })).toBeTruthy();
    expect(load).toHaveBeenCalledWith('hello', 'Page');
  });

  it('a failed load shows an error and, with the same version, no banner', async () => {
    const { api, fetch } = clientAt(() => '1.0.0');
    await api.call('GET /_session');
    renderPage(
      <>
        <NewVersionBanner />
        <ModuleView name="nope" load={async () => Promise.reject(new Error('RUNTIME-003'))} checkVersion={() => api.checkVersion()} />
      </>,
      '/',
    );
    expect(await screen.findByText('The module could not be loaded')).toBeTruthy();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect((fetch.mock.calls[1] as unknown as [string])[0]).toBe('/');
    expect(screen.queryByText(/A new version is available/)).toBeNull();
  });

  it('a failed load after a new release shows the dismissible banner', async () => {
    let version = '1.0.0';
    const { api } = clientAt(() => version);
    await api.call('GET /_session');
    version = '1.1.0';
    const reload = vi.fn();
    renderPage(
      <>
        <NewVersionBanner reload={reload} />
        <ModuleView name="nope" load={async () => Promise.reject(new Error('RUNTIME-003'))} checkVersion={() => api.checkVersion()} />
      </>,
      '/',
    );
    expect(await screen.findByText(/A new version is available/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'reload' }));
    expect(reload).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/A new version is available/)).toBeNull();
  });

  it('a response with a changed x-app-version raises the banner', async () => {
    let version = '1.0.0';
    const { api } = clientAt(() => version);
    renderPage(<NewVersionBanner />, '/');
    await api.call('GET /_session');
    expect(screen.queryByTestId('new-version-banner')).toBeNull();
    version = '2.0.0';
    await api.call('GET /_session');
    expect(await screen.findByText(/A new version is available/)).toBeTruthy();
  });
});
