import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, isApiError } from '@app/ui';
import { accountQuery, api } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { accountPlan, PlanIcon, planIcon } from '@app/ui';

/** The group's name, billing e-mail and plan; administrators edit the name and billing e-mail. */
export function GroupProfileCard({ accountId, isAdmin }: { accountId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const account = useQuery(accountQuery(accountId));
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [billingEmail, setBillingEmail] = useState('');
  const save = useMutation({
    mutationFn: () =>
      api.call('PUT /accounts/{account_id}', { params: { account_id: accountId }, query: { rev: account.data?._rev }, body: { name: name.trim(), billing_email: billingEmail.trim() || null } }),
    onSuccess: async () => {
      setEditing(false);
      await queryClient.invalidateQueries({ queryKey: ['account', accountId] });
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
  const errors = isApiError(save.error) ? fieldErrors(save.error.reason, ['name', 'billing_email']) : {};
  const startEdit = () => {
    setName(account.data?.name ?? '');
    setBillingEmail(account.data?.billing_email ?? '');
    save.reset();
    setEditing(true);
  };
  const plan = accountPlan(account.data);
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          {t('admin.profile.title')}
        </Title>
        {isAdmin && !editing && (
          <Button size="xs" variant="default" onClick={startEdit} disabled={!account.data}>
            {t('admin.profile.edit')}
          </Button>
        )}
      </Group>
      {!(isApiError(save.error) && typeof save.error.reason === 'object') && <ErrorBanner error={account.error ?? save.error} />}
      {editing ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Stack gap="sm">
            <TextInput label={t('admin.profile.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name && t(errors.name)} required />
            <TextInput
              label={t('admin.profile.billing_email')}
              value={billingEmail}
              onChange={(e) => setBillingEmail(e.currentTarget.value)}
              error={errors.billing_email && t(errors.billing_email)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('admin.profile.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap={6}>
          <Row label={t('admin.profile.name')} value={account.data?.name} />
          <Row label={t('admin.profile.billing_email')} value={account.data?.billing_email} />
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" w={130}>
              {t('admin.profile.plan')}
            </Text>
            <PlanIcon plan={plan} size={20} />
            <Text size="sm">{t(`plan.${planIcon(plan)}`)}</Text>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {/* the whole value, wrapped: a long group name was cut */}
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {value || t('admin.profile.empty')}
      </Text>
    </Group>
  );
}
