import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMarkReadOnOpen } from '../../hooks/reader';
import { ErrorBanner } from '@app/module-kit';

/** The user's setting (spec §2, the dashboard): an item opened is marked read. Saved as their UserConfiguration. */
export function MarkReadOnOpenSwitch() {
  const { t } = useTranslation('reader');
  const { on, save, ready } = useMarkReadOnOpen();
  return (
    <>
      <Switch
        label={t('settings.mark_read_on_open')}
        description={t('settings.mark_read_on_open_hint')}
        checked={on}
        disabled={!ready || save.isPending}
        onChange={(e) => save.mutate(e.currentTarget.checked)}
        data-testid="mark-read-on-open"
      />
      <ErrorBanner error={save.error} />
    </>
  );
}
