import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, createI18n } from '@app/ui';
import { relogin } from '../session/relogin-store';
import { ErrorBanner } from './ErrorBanner';

const unauthorized = new ApiError(401, 'unauthorized', 'Please login again');

function renderWith(ui: ReactElement, signedIn: boolean) {
  const client = new QueryClient();
  client.setQueryData(['session'], { ok: true, userCtx: { name: signedIn ? 'usr-1' : null, roles: [] } });
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <MantineProvider>
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

afterEach(() => act(() => relogin.close()));

describe('ErrorBanner and the re-login modal', () => {
  it('hides a 401 of a signed-in page: the re-login modal handles it', () => {
    renderWith(<ErrorBanner error={unauthorized} />, true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hides a 401 while the re-login modal is open', () => {
    act(() => relogin.open());
    renderWith(<ErrorBanner error={unauthorized} />, false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('still shows a 401 when signed out (the login page) and inside the modal', () => {
    renderWith(
      <>
        <ErrorBanner error={new ApiError(401, 'unauthorized', 'Email or password is incorrect')} />
      </>,
      false,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('shows session errors when asked (the modal) and other errors as before', () => {
    renderWith(
      <>
        <ErrorBanner error={unauthorized} sessionErrors />
        <ErrorBanner error={new ApiError(403, 'forbidden', 'You are not allowed to access this data')} />
      </>,
      true,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });
});
