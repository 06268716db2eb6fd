import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorBannerKeys, isApiError } from '@app/ui';

/**
 * The error banner of spec §8 (nothing without an error): the title keyed by the response's error, the detail by its
 * reason when that is a string. A 409 (the document changed since it was read) says someone else changed it: the
 * screens have reloaded it by then, so trying again works. Texts come from this module's namespace, then the shell's.
 */
export function ErrorBanner({ error }: { error: unknown }) {
  const { t } = useTranslation('disk');
  if (!error) return null;
  const tr = (key: string, text: string) => t(key, { ns: ['disk', 'translation'], defaultValue: text });
  if (isApiError(error) && error.status === 409)
    return (
      <Alert color="orange" variant="light" role="alert" title={t('errors.conflict_title')}>
        {t('errors.conflict')}
      </Alert>
    );
  const { title, detail } = errorBannerKeys(error);
  return (
    <Alert color="red" variant="light" role="alert" title={tr(title.key, title.text)}>
      {detail && (detail.key ? tr(detail.key, detail.text) : detail.text)}
    </Alert>
  );
}
