import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useModuleName } from '../frame/module-context';

/** Previous / next paging over `_find` skip+limit: next is disabled when fewer items than the page size came back. */
export function Pager({ page, pageSize, count, onPage }: { page: number; pageSize: number; count: number; onPage: (page: number) => void }) {
  const { t } = useTranslation(useModuleName());
  if (page === 0 && count < pageSize) return null;
  return (
    <Group justify="center" gap="xs" className="no-print">
      <Button size="compact-sm" variant="default" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </Button>
      <Text size="sm" data-testid="page-number">
        {t('common.page', { page: page + 1 })}
      </Text>
      <Button size="compact-sm" variant="default" disabled={count < pageSize} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </Button>
    </Group>
  );
}
