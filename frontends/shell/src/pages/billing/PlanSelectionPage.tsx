import { Alert, Badge, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { fieldErrors, isApiError, accountPlan, PlanIcon, planIcon, usePhone } from '@app/ui';
import { accountQuery, api, sessionQuery } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useCounts, useIsAdmin, useSettings } from '../admin/admin-data';
import { BillingErrorBanner } from './BillingErrorBanner';
import { PlanSwitchDialog } from './PlanSwitchDialog';
import { useBillingConfig, usePrices, useSwitchPlan } from './billing-api';
import { formatDollars, formatSize, needsBillingEmail, planTable, showCancelButton, usageRows } from './billing-rules';
import type { PlanPriceDoc, PricePlan } from '@app/proto';

const ROWS = ['features', 'storage', 'reporting', 'permission', 'support', 'api'] as const;

/**
 * Plan selection at /checkout?account_id=… (spec §2): account summary, selected-plan card, comparison table with a
 * choose-plan button per plan and numbered notes; dialogs to confirm the billing e-mail, cancel the subscription and
 * switch to free. Without a group in the address, the user picks one of theirs.
 */
export default function PlanSelectionPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const session = useQuery(sessionQuery);
  const groups = (session.data?.memberships ?? []).filter((m) => m.status === 'accepted');
  // a user with one group needs no choice
  const accountId = search.get('account_id') ?? (groups.length === 1 ? groups[0].account_id : '');
  return (
    <Stack maw={1100} mx="auto">
      <Title order={2} size="h3">
        {t('billing.select.title')}
      </Title>
      <Select
        label={t('billing.select.group')}
        placeholder={t('billing.select.pick_group')}
        data={groups.map((m) => ({ value: m.account_id, label: m.account_name || m.account_id }))}
        value={accountId || null}
        onChange={(v) => v && setSearch({ account_id: v })}
        maw={420}
        allowDeselect={false}
      />
      {accountId && <PlanSelection key={accountId} accountId={accountId} />}
    </Stack>
  );
}

function PlanSelection({ accountId }: { accountId: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const account = useQuery(accountQuery(accountId));
  const settings = useSettings(accountId);
  const counts = useCounts(accountId);
  const config = useBillingConfig();
  const prices = usePrices(config.data?.livemode);
  const { isAdmin } = useIsAdmin(accountId);
  const switchPlan = useSwitchPlan(accountId);
  const phone = usePhone();
  const [dialog, setDialog] = useState<null | 'free' | 'cancel' | { email: PlanPriceDoc }>(null);

  const plan = account.data?.['confirmed-plan'] ?? 'free';
  const groupName = account.data?.name || accountId;
  const pending = settings.data?.['unconfirmed-plan']?.value;
  const table = planTable(prices.data);
  const usage = usageRows(counts.data);
  const checkoutPath = (price: PlanPriceDoc) => `/account/${accountId}/checkout/${encodeURIComponent(price._id)}`;

  const choose = (price: PlanPriceDoc) => {
    switchPlan.reset();
    if (price.group_plan === 'free') return setDialog('free');
    if (needsBillingEmail(account.data?.billing_email)) return setDialog({ email: price });
    navigate(checkoutPath(price));
  };
  const doSwitch = (to: 'free' | 'cancel') => switchPlan.mutate(to, { onSettled: () => setDialog(null) });
  const action = (p: PlanPriceDoc) =>
    p.group_plan === plan ? (
      <Badge variant="light">{t('billing.select.current')}</Badge>
    ) : (
      <Button size="xs" disabled={!isAdmin} onClick={() => choose(p)} data-testid={`choose-${p.group_plan}`}>
        {t('billing.select.choose')}
      </Button>
    );
  const planHead = (p: PlanPriceDoc) => (
    <>
      <Group gap={6}>
        <PlanIcon plan={p.group_plan} size={20} />
        <Text fw={700}>{t(`billing.plans.${p.group_plan}`)}</Text>
      </Group>
      <Text size="sm">
        {formatDollars(p.unit_amount, i18n.language)} <Text span size="xs" c="dimmed">{t('billing.common.per_month')}</Text>
      </Text>
    </>
  );
  const pendingLabel = (value: unknown) => {
    const price = prices.data?.find((p) => p._id === value);
    const name: PricePlan | undefined = price?.group_plan ?? (value === 'free' ? 'free' : undefined);
    return name ? t(`billing.plans.${name}`) : String(value);
  };

  return (
    <Stack>
      <ErrorBanner error={account.error ?? settings.error ?? config.error ?? prices.error} />
      <BillingErrorBanner error={switchPlan.error} onClose={() => switchPlan.reset()} />
      {switchPlan.isSuccess && (
        <Alert color="green" variant="light" data-testid="switch-done">
          {t(switchPlan.variables === 'cancel' ? 'billing.select.done_cancel' : 'billing.select.done_free')}
        </Alert>
      )}
      {!isAdmin && account.isSuccess && (
        <Alert color="gray" variant="light" data-testid="admin-only">
          {t('billing.common.admin_only')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder radius="md" p="md" data-testid="account-summary">
          <Title order={3} size="h5" mb="sm">
            {t('billing.select.summary')}
          </Title>
          <Stack gap={4}>
            <Line label={t('billing.select.name')} value={account.data?.name} />
            <Line label={t('billing.select.billing_email')} value={account.data?.billing_email} />
            <Line label={t('billing.common.records')} value={new Intl.NumberFormat(i18n.language).format(usage.count)} />
            <Line label={t('billing.common.size')} value={formatSize(usage.size, i18n.language)} />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md" data-testid="selected-plan">
          <Title order={3} size="h5" mb="sm">
            {t('billing.select.selected')}
          </Title>
          <Group gap="xs">
            <PlanIcon plan={accountPlan(account.data)} size={24} />
            <Text fw={600}>{t(`plan.${planIcon(accountPlan(account.data))}`)}</Text>
          </Group>
          {pending === 'cancel' ? (
            <Text size="sm" c="dimmed" mt="xs">
              {t('billing.select.pending_cancel')}
            </Text>
          ) : pending ? (
            <Text size="sm" c="dimmed" mt="xs">
              {t('billing.select.pending', { plan: pendingLabel(pending) })}
            </Text>
          ) : null}
          {isAdmin && showCancelButton(plan, pending) && (
            <Button mt="sm" color="red" variant="light" size="xs" onClick={() => setDialog('cancel')} data-testid="cancel-subscription">
              {t('billing.select.cancel_subscription')}
            </Button>
          )}
        </Paper>
      </SimpleGrid>

      {prices.isSuccess && !table && (
        <Alert color="yellow" variant="light" data-testid="no-plans">
          {t('billing.select.no_plans')}
        </Alert>
      )}
      {table && (
        <Paper withBorder radius="md" p="md" style={{ overflowX: 'auto' }}>
          {phone ? (
            // a phone gets one card per plan: three plan columns do not fit 390 px and the table would scroll sideways
            <Stack gap="md" data-testid="plan-cards">
              {table.map((p) => (
                <Paper key={p._id} withBorder radius="md" p="sm" data-testid={`plan-card-${p.group_plan}`}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                    <Stack gap={2}>{planHead(p)}</Stack>
                    {action(p)}
                  </Group>
                  <Stack gap={6} mt="sm">
                    {ROWS.map((row) => (
                      <div key={row}>
                        <Text size="xs" fw={700}>
                          {t(`billing.select.rows.${row}`)}
                        </Text>
                        <Text size="sm">{t(`billing.select.cells.${p.group_plan}.${row}`)}</Text>
                      </div>
                    ))}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Table data-testid="plan-table" miw={640} verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  {table.map((p) => (
                    <Table.Th key={p._id} ta="center">
                      <Stack gap={4} align="center">
                        {planHead(p)}
                      </Stack>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ROWS.map((row) => (
                  <Table.Tr key={row}>
                    <Table.Th>{t(`billing.select.rows.${row}`)}</Table.Th>
                    {table.map((p) => (
                      <Table.Td key={p._id} ta="center">
                        <Text size="sm">{t(`billing.select.cells.${p.group_plan}.${row}`)}</Text>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td />
                  {table.map((p) => (
                    <Table.Td key={p._id} ta="center">
                      {action(p)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tbody>
            </Table>
          )}
          <Text size="sm" fw={600} mt="md">
            {t('billing.select.notes_title')}
          </Text>
          <ol style={{ margin: 0, paddingInlineStart: '1.5em' }}>
            {(t('billing.select.notes', { returnObjects: true }) as string[]).map((note) => (
              <li key={note}>
                <Text size="xs" c="dimmed">
                  {note}
                </Text>
              </li>
            ))}
          </ol>
        </Paper>
      )}

      <PlanSwitchDialog
        kind={dialog === 'free' || dialog === 'cancel' ? dialog : null}
        group={groupName}
        pending={switchPlan.isPending}
        onClose={() => setDialog(null)}
        onConfirm={doSwitch}
      />
      {dialog && typeof dialog === 'object' && (
        <BillingEmailDialog accountId={accountId} group={groupName} rev={account.data?._rev} onClose={() => setDialog(null)} onDone={() => navigate(checkoutPath(dialog.email))} />
      )}
    </Stack>
  );
}

/** Asks for the billing e-mail before a paid checkout (spec §4); prefilled with the signed-in user's address. */
function BillingEmailDialog({ accountId, group, rev, onClose, onDone }: { accountId: string; group: string; rev?: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const session = useQuery(sessionQuery);
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(session.data?.user?.email ?? '');
  const save = useMutation({
    mutationFn: () => api.call('PUT /accounts/{account_id}', { params: { account_id: accountId }, query: { rev }, body: { billing_email: email.trim() } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['account', accountId] });
      onDone();
    },
  });
  const errors = isApiError(save.error) ? fieldErrors(save.error.reason, ['billing_email']) : {};
  const blank = needsBillingEmail(email);
  return (
    <Modal opened onClose={onClose} title={t('billing.select.email_dialog.title')} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!blank) save.mutate();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('billing.select.email_dialog.text', { group })}</Text>
          {!(isApiError(save.error) && typeof save.error.reason === 'object') && <ErrorBanner error={save.error} />}
          <TextInput
            type="email"
            label={t('billing.select.email_dialog.label')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.billing_email ? t(errors.billing_email) : undefined}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={blank} loading={save.isPending} data-testid="confirm-email">
              {t('billing.select.email_dialog.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function Line({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {/* the whole value, wrapped: a long group name was cut */}
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </Group>
  );
}
