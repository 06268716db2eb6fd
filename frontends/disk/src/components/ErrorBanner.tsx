import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorBanner as KitErrorBanner } from '@app/module-kit';
import { isApiError } from '@app/ui';

/**
 * The error banner of spec §8 (@app/module-kit's), but a 409 (the document changed since it was read) says someone
 * else changed it: the screens have reloaded it by then, so trying again works.
 */
export function ErrorBanner({ error }: { error: unknown }) {
  const { t } = useTranslation('disk');
  if (isApiError(error) && error.status === 409)
    return (
      <Alert color="orange" variant="light" role="alert" title={t('errors.conflict_title')}>
        {t('errors.conflict')}
      </Alert>
    );
  return <KitErrorBanner error={error} />;
}
