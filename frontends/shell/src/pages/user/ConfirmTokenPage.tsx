import { Alert, Anchor, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../app/api';
import { AuthCard } from '../../components/AuthCard';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';

/** The mailed link: confirms the address once (a query, so a re-render does not post twice), then says so. */
export default function ConfirmTokenPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const confirm = useQuery({
    queryKey: ['confirm', token],
    queryFn: () => api.call('POST /_users/_confirm/{token}', { params: { token } }),
    retry: false,
    staleTime: Infinity,
  });
  return (
    <AuthCard title={confirm.isSuccess ? t('confirm.confirmed_title') : t('confirm.confirming')}>
      <Stack>
        {confirm.isPending && <PageLoader />}
        <ErrorBanner error={confirm.error} />
        {confirm.isSuccess && <Alert color="green">{t('confirm.confirmed')}</Alert>}
        {confirm.isError && (
          <Anchor component={Link} to="/user/confirm/new">
            {t('confirm.new_title')}
          </Anchor>
        )}
        <Anchor component={Link} to="/user/login">
          {t('confirm.go_login')}
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
