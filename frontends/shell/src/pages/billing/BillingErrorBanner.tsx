import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@app/ui';
import { ErrorBanner } from '../../components/ErrorBanner';
import { billingReasonKey } from './billing-rules';

/** The billing reasons of spec §8 in the page's language; anything else goes to the shared error banner. */
export function BillingErrorBanner({ error, onClose }: { error: unknown; onClose?: () => void }) {
  const { t, i18n } = useTranslation();
  if (isApiError(error)) {
    const key =
      typeof error.reason === 'string'
        ? `billing.errors.${billingReasonKey(error.reason)}`
        : error.reason && typeof error.reason === 'object' && 'billing_email' in error.reason
          ? 'billing.errors.billing_email_invalid'
          : null;
    if (key && i18n.exists(key)) {
      return (
        <Alert color="red" variant="light" role="alert" title={t('billing.errors.title')} withCloseButton={!!onClose} onClose={onClose}>
          {t(key)}
        </Alert>
      );
    }
  }
  return <ErrorBanner error={error} onClose={onClose} />;
}
