import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function NoopPage() {
  const { t } = useTranslation();
  return <Text p="md">{t('pages.noop')}</Text>;
}
