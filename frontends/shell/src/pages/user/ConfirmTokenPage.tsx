import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '@app/ui';
import { api } from '../../app/api';
import { AuthCard } from '../../components/AuthCard';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';

/**
 * The mailed link: confirms the address once (a query, so a re-render does not post twice), then says so. A link
 * opened again (used, or replaced by a newer one) answers token_missing: the page says so in words and offers the two
 * ways on, logging in (the address may be confirmed already) and asking for a new link.
 */
export default function ConfirmTokenPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const confirm = useQuery({
    queryKey: ['confirm', token],
    queryFn: () => api.call('POST /_users/_confirm/{token}', { params: { token } }),
    retry: false,
    staleTime: Infinity,
  });
  const used = isApiError(confirm.error) && confirm.error.error === 'token_missing';
  const title = confirm.isSuccess ? t('confirm.confirmed_title') : confirm.isError ? t('confirm.failed_title') : t('confirm.confirming');
  return (
    <AuthCard title={title}>
      <Stack>
        {confirm.isPending && <PageLoader />}
        {used ? (
          <Alert color="yellow" variant="light" title={t('confirm.link_used_title')} data-testid="confirm-link-used">
            {t('confirm.link_used')}
          </Alert>
        ) : (
          <ErrorBanner error={confirm.error} />
        )}
        {confirm.isSuccess && <Alert color="green">{t('confirm.confirmed')}</Alert>}
        {confirm.isError ? (
          <Group grow preventGrowOverflow={false} wrap="wrap">
            <Button component={Link} to="/user/login">
              {t('confirm.go_login')}
            </Button>
            <Button component={Link} to="/user/confirm/new" variant="default">
              {t('confirm.new_title')}
            </Button>
          </Group>
        ) : (
          <Anchor component={Link} to="/user/login">
            {t('confirm.go_login')}
          </Anchor>
        )}
      </Stack>
    </AuthCard>
  );
}
