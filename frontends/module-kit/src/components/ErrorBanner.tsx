import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorBannerKeys } from '@app/ui';
import { useModuleName } from '../frame/module-context';

/**
 * The error banner of spec §8 (nothing without an error): the title keyed by the response's error, the detail by its
 * reason when that is a string (409 conflict → "Record updated by someone else, please refresh"). A 422 with a reason
 * map is shown under the fields instead, so the banner only says the request failed. Texts come from the module's
 * namespace, then the shell's. With `onRetry` (a failed list or read) it has a "Try again" button.
 */
export function ErrorBanner({ error, onRetry, retrying }: { error: unknown; onRetry?: () => void; retrying?: boolean }) {
  const module = useModuleName();
  const { t } = useTranslation(module);
  if (!error) return null;
  const { title, detail } = errorBannerKeys(error);
  const tr = (key: string, text: string) => t(key, { ns: [module, 'translation'], defaultValue: text });
  return (
    <Alert color="red" variant="light" role="alert" title={tr(title.key, title.text)} className="no-print">
      {detail && (detail.key ? tr(detail.key, detail.text) : detail.text)}
      {onRetry && (
        <div>
          <Button size="compact-sm" variant="light" color="red" mt={detail ? 'xs' : 0} onClick={onRetry} loading={retrying} data-testid="retry">
            {t('common.retry')}
          </Button>
        </div>
      )}
    </Alert>
  );
}
