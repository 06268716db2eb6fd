import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { remoteForAccountPath } from '../../modules/module-routes';
import { ModuleView } from './ModulePage';

/**
 * Any account path no shell page claims (`/account/:account_id/*`): the module remote owning its first segment renders
 * it. The remote's `<Routes>` match relative to /account/:account_id/, so this route's base is exactly that.
 */
export default function AccountModulePage() {
  const { t } = useTranslation();
  const { '*': rest = '' } = useParams();
  const remote = remoteForAccountPath(rest);
  if (!remote)
    return (
      <Text c="dimmed" data-testid="page-not-found">
        {t('pages.not_found')}
      </Text>
    );
  return <ModuleView key={remote} name={remote} />;
}
