import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, isApiError } from '@app/ui';
import { api, sessionQuery } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';

interface Props {
  accountId: string;
  /** after the server took the invitation: the address and the new membership's id */
  onInvited?: (email: string, id: string) => void;
}

/**
 * Invites someone to the group by e-mail (POST /{account_id} a Subscription with the address, as the members page
 * does), disabled with a hint until the inviting administrator's own e-mail is confirmed (spec §5).
 */
export function InviteForm({ accountId, onInvited }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery);
  const confirmed = !!(session.data?.user?.confirmed ?? session.data?.confirmed);
  const [email, setEmail] = useState('');
  const [invited, setInvited] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: (address: string) => api.call('POST /{db}', { params: { db: accountId }, body: { klass: 'Subscription', email: address } }),
    onSuccess: async (reply, address) => {
      setInvited(address);
      setEmail('');
      await queryClient.invalidateQueries({ queryKey: ['members', accountId] });
      onInvited?.(address, reply.id);
    },
  });
  const errors = isApiError(invite.error) ? fieldErrors(invite.error.reason, ['email']) : {};
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setInvited(null);
        invite.mutate(email.trim());
      }}
    >
      <Stack gap="xs">
        {!(isApiError(invite.error) && typeof invite.error.reason === 'object') && <ErrorBanner error={invite.error} />}
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('members.invite_email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            disabled={!confirmed}
            error={errors.email && t(errors.email)}
            style={{ flex: 1, minWidth: 220 }}
            data-autofocus
          />
          <Button type="submit" disabled={!confirmed || !email.trim()} loading={invite.isPending}>
            {t('members.invite')}
          </Button>
        </Group>
        {!confirmed && (
          <Text size="sm" c="orange" data-testid="confirm-hint">
            {t('members.confirm_hint')}
          </Text>
        )}
        {invited && (
          <Text size="sm" c="green">
            {t('members.invited', { email: invited })}
          </Text>
        )}
      </Stack>
    </form>
  );
}
