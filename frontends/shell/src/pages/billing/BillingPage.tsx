import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { AdminOnly } from '../admin/AdminOnly';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useCounts, useDiskUsage, useIsAdmin } from '../admin/admin-data';
import { GroupProfileCard } from '../admin/GroupProfileCard';
import { BillingHeader } from './BillingHeader';
import { formatSize, totalStorage, usageRows } from './billing-rules';

/**
 * The group's billing page (spec §2): profile card, total storage size and total record count tiles, Checkout button.
 * The storage size counts the disk's files too (when the disk is deployed), with a line saying how much of it they are.
 */
/** Administrators only: a plain member gets the notice (the menus don't offer the page to them either). */
export default function BillingPage() {
  const { account_id = '' } = useParams();
  return (
    <AdminOnly accountId={account_id}>
      <BillingPageContent />
    </AdminOnly>
  );
}

function BillingPageContent() {
  const { t, i18n } = useTranslation();
  const { account_id = '' } = useParams();
  const [search] = useSearchParams();
  const { isAdmin } = useIsAdmin(account_id);
  const counts = useCounts(account_id);
  const disk = useDiskUsage(account_id);
  const usage = usageRows(counts.data);
  const tiles = [
    {
      key: 'total_size',
      value: formatSize(totalStorage(usage.size, disk.data), i18n.language),
      detail: disk.data ? t('billing.billing.of_which_files', { size: formatSize(disk.data.bytes, i18n.language) }) : undefined,
    },
    { key: 'total_records', value: new Intl.NumberFormat(i18n.language).format(usage.count), detail: undefined },
  ];
  return (
    <Stack maw={960} mx="auto">
      <BillingHeader
        accountId={account_id}
        title={t('billing.billing.title')}
        actions={
          <Group gap="xs">
            <Button variant="default" size="xs" component={Link} to={`/account/${account_id}/usage`}>
              {t('billing.billing.usage')}
            </Button>
            <Button size="xs" component={Link} to={`/checkout?account_id=${encodeURIComponent(account_id)}`} data-testid="checkout-button">
              {t('billing.billing.checkout')}
            </Button>
          </Group>
        }
      />
      {/* the provider's embedded form returns here once the payment is done (return_url) */}
      {search.has('checkout') && (
        <Alert color="green" variant="light" data-testid="checkout-returned">
          {t('billing.billing.returned')}
        </Alert>
      )}
      <ErrorBanner error={counts.error ?? disk.error} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {tiles.map((tile) => (
          <Paper key={tile.key} withBorder radius="md" p="md" data-testid={`tile-${tile.key}`}>
            <Text size="sm" c="dimmed">
              {t(`billing.billing.${tile.key}`)}
            </Text>
            <Text fz="xl" fw={700}>
              {tile.value}
            </Text>
            {tile.detail && (
              <Text size="sm" c="dimmed" data-testid={`${tile.key}-detail`}>
                {tile.detail}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
      <GroupProfileCard accountId={account_id} isAdmin={isAdmin} />
    </Stack>
  );
}
