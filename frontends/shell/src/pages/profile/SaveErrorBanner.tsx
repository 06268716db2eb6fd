import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@app/ui';
import { ErrorBanner } from '../../components/ErrorBanner';

/**
 * A failed save of the profile or the password: field errors show under their fields, not here. A wrong current
 * password counts as a failed login, so after too many the server answers 429 (even to the right one): say to wait
 * rather than the generic "too many requests". Anything else is the usual banner.
 */
export function SaveErrorBanner({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (isApiError(error) && typeof error.reason === 'object') return null;
  if (isApiError(error) && error.status === 429) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('errors.title.too_many_requests')}>
        {t('profile.too_many_attempts')}
      </Alert>
    );
  }
  return <ErrorBanner error={error} />;
}
