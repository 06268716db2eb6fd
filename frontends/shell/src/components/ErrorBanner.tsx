import { Alert } from '@mantine/core';
import { QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { errorBannerKeys, isApiError } from '@app/ui';
import type { Session } from '../app/api';
import { useReloginOpen } from '../session/relogin-store';

/**
 * The error banner of spec §8 for a failed request (nothing when there is no error).
 *
 * A 401 while the user is signed in is the re-login modal's business (session/session-check.ts opens it), so the page's
 * own banner stays hidden for it instead of repeating "Unauthorized / Please login again" behind the modal; the modal
 * itself passes `sessionErrors` to show them.
 */
export function ErrorBanner({ error, onClose, sessionErrors = false }: { error: unknown; onClose?: () => void; sessionErrors?: boolean }) {
  const { t } = useTranslation();
  const reloginOpen = useReloginOpen();
  const queryClient = useContext(QueryClientContext);
  if (!error) return null;
  if (!sessionErrors && isApiError(error) && error.status === 401) {
    const signedIn = !!queryClient?.getQueryData<Session>(['session'])?.userCtx.name;
    if (reloginOpen || signedIn) return null;
  }
  const { title, detail } = errorBannerKeys(error);
  return (
    <Alert color="red" variant="light" role="alert" title={t(title.key, { defaultValue: title.text })} withCloseButton={!!onClose} onClose={onClose}>
      {detail && (detail.key ? t(detail.key, { defaultValue: detail.text }) : detail.text)}
    </Alert>
  );
}
