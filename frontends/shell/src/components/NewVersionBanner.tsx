import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { newVersion, useNewVersionShown } from '../session/version-store';

/** "A new version is available — reload", at the top of every screen while a newer release is deployed. */
export function NewVersionBanner({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation();
  const shown = useNewVersionShown();
  if (!shown) return null;
  return (
    <Alert
      role="status"
      data-testid="new-version-banner"
      color="blue"
      variant="filled"
      radius={0}
      py={6}
      withCloseButton
      closeButtonLabel={t('new_version.dismiss')}
      onClose={() => newVersion.dismiss()}
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    >
      {t('new_version.available')} —{' '}
      <Anchor component="button" type="button" c="white" fw={700} onClick={reload}>
        {t('new_version.reload')}
      </Anchor>
    </Alert>
  );
}
