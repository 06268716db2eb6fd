import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { accountQuery } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useCounts, useIsAdmin } from '../admin/admin-data';
import { BillingErrorBanner } from './BillingErrorBanner';
import { useBillingConfig, useCheckoutSession, usePrices, useSwitchPlan } from './billing-api';
import { checkoutKind, formatDollars, formatSize, usageRows } from './billing-rules';
import { EmbeddedCheckout } from './EmbeddedCheckout';
import { PlanSwitchDialog } from './PlanSwitchDialog';

/**
 * Checkout per price at /account/{account_id}/checkout/{price_id} (spec §2): group name, billing e-mail, total size,
 * for a paid plan the plan and its price in dollars, links to terms, privacy and refund policy, and the embedded
 * payment form. The words free and cancel as price_id switch without payment, once the dialog is confirmed.
 */
export default function CheckoutPage() {
  const { t, i18n } = useTranslation();
  const { account_id = '', price_id = '' } = useParams();
  const kind = checkoutKind(price_id);
  const account = useQuery(accountQuery(account_id));
  const counts = useCounts(account_id);
  const config = useBillingConfig();
  const prices = usePrices(kind === 'price' ? config.data?.livemode : undefined, { _id: price_id });
  const price = prices.data?.length === 1 && prices.data[0].group_plan !== 'free' ? prices.data[0] : undefined;
  const { isAdmin } = useIsAdmin(account_id);
  const publishableKey = config.data?.publishable_key ?? null;
  const session = useCheckoutSession(account_id, price_id, kind === 'price' && !!price && !!publishableKey && isAdmin);
  const switchPlan = useSwitchPlan(account_id);
  const usage = usageRows(counts.data);
  const groupName = account.data?.name || account_id;
  const [asking, setAsking] = useState(false);
  const title = kind === 'free' ? t('billing.checkout.free_title') : kind === 'cancel' ? t('billing.checkout.cancel_title') : t('billing.checkout.title');
  const policy = (to: string) => <Anchor component={Link} to={to} target="_blank" />;

  return (
    <Stack maw={720} mx="auto">
      <Title order={2} size="h3">
        {title}
      </Title>
      <ErrorBanner error={account.error ?? config.error ?? prices.error} />
      <Paper withBorder radius="md" p="md" data-testid="checkout-summary">
        <Stack gap={6}>
          <Line label={t('billing.checkout.account')}>{account.data?.name}</Line>
          <Line label={t('billing.checkout.billing_email')}>{account.data?.billing_email}</Line>
          <Line label={t('billing.checkout.total_size')}>{formatSize(usage.size, i18n.language)}</Line>
          {price && (
            <>
              <Line label={t('billing.checkout.plan')}>{t(`billing.plans.${price.group_plan}`)}</Line>
              <Line label={t('billing.checkout.price')}>{t('billing.checkout.price_value', { price: formatDollars(price.unit_amount, i18n.language) })}</Line>
            </>
          )}
        </Stack>
      </Paper>
      <Text size="sm">
        <Trans
          i18nKey="billing.checkout.agree"
          t={t}
          components={{ terms: policy('/terms-and-conditions.html'), privacy: policy('/privacy-policy.html'), refund: policy('/refund-policy.html') }}
        />
      </Text>

      {!isAdmin && account.isSuccess && (
        <Alert color="gray" variant="light" data-testid="admin-only">
          {t('billing.common.admin_only')}
        </Alert>
      )}

      {kind !== 'price' && (
        <Stack>
          <BillingErrorBanner error={switchPlan.error} onClose={() => switchPlan.reset()} />
          {switchPlan.isSuccess ? (
            <Alert color="green" variant="light" data-testid="switch-done">
              {t(kind === 'cancel' ? 'billing.select.done_cancel' : 'billing.select.done_free')}
            </Alert>
          ) : (
            <Text size="sm">{t(kind === 'cancel' ? 'billing.select.cancel_dialog.text' : 'billing.select.free_dialog.text', { group: groupName })}</Text>
          )}
          <Group>
            {/* opens the confirming dialog: nothing is sent from this button */}
            <Button
              color={kind === 'cancel' ? 'red' : undefined}
              disabled={!isAdmin || switchPlan.isSuccess}
              loading={switchPlan.isPending}
              onClick={() => {
                switchPlan.reset();
                setAsking(true);
              }}
              data-testid="confirm-switch"
            >
              {t(kind === 'cancel' ? 'billing.checkout.confirm_cancel' : 'billing.checkout.confirm_free')}
            </Button>
          </Group>
          <PlanSwitchDialog
            kind={asking ? kind : null}
            group={groupName}
            pending={switchPlan.isPending}
            onClose={() => setAsking(false)}
            onConfirm={(to) => switchPlan.mutate(to, { onSettled: () => setAsking(false) })}
          />
        </Stack>
      )}

      {kind === 'price' && prices.isSuccess && !price && (
        <Alert color="red" variant="light" role="alert" data-testid="no-plan">
          {t('billing.errors.We-could-not-find-any-plan-please-refresh-the-page')}
        </Alert>
      )}
      {kind === 'price' && price && config.isSuccess && !publishableKey && (
        <Alert color="yellow" variant="light" data-testid="provider-not-configured">
          {t('billing.checkout.not_configured')}
        </Alert>
      )}
      {kind === 'price' && price && publishableKey && (
        <>
          <BillingErrorBanner error={session.error} />
          {session.data && <EmbeddedCheckout publishableKey={publishableKey} clientSecret={session.data.client_secret} />}
        </>
      )}
      <Anchor component={Link} to={`/checkout?account_id=${encodeURIComponent(account_id)}`} size="sm">
        {t('billing.checkout.back')}
      </Anchor>
    </Stack>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {/* the whole value, wrapped: a long group name was cut */}
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </Group>
  );
}
