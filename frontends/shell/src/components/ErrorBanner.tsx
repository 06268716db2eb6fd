import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorBannerKeys } from '@app/ui';

/** The error banner of spec §8 for a failed request (nothing when there is no error). */
export function ErrorBanner({ error, onClose }: { error: unknown; onClose?: () => void }) {
  const { t } = useTranslation();
  if (!error) return null;
  const { title, detail } = errorBannerKeys(error);
  return (
    <Alert color="red" variant="light" role="alert" title={t(title.key, { defaultValue: title.text })} withCloseButton={!!onClose} onClose={onClose}>
      {detail && (detail.key ? t(detail.key, { defaultValue: detail.text }) : detail.text)}
    </Alert>
  );
}
