import { ActionIcon, Alert, Anchor, Badge, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog, fieldErrors, isApiError } from '@app/ui';
import { api, sessionQuery } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';
import { useIsAdmin } from '../admin/admin-data';
import { AdminOnly } from '../admin/AdminOnly';
import type { SubscriptionDoc } from '@app/proto';
import { memberEmail, memberName } from './members-data';

const DIALOG_PARTS = { Modal, Button, Alert };

/** The group's members: a list, and for administrators the invite form (disabled until their e-mail is confirmed). */
function MembersPageContent() {
  const { t } = useTranslation();
  const { account_id = '' } = useParams();
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery);
  const { isAdmin } = useIsAdmin(account_id);
  const confirmed = !!(session.data?.user?.confirmed ?? session.data?.confirmed);
  const members = useQuery({
    queryKey: ['members', account_id],
    queryFn: () => api.find(account_id, { selector: { klass: 'Subscription' }, limit: 1000 }),
  });
  const [email, setEmail] = useState('');
  const [invited, setInvited] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SubscriptionDoc | null>(null);
  const invite = useMutation({
    mutationFn: (address: string) => api.call('POST /{db}', { params: { db: account_id }, body: { klass: 'Subscription', email: address } }),
    onSuccess: async (_r, address) => {
      setInvited(address);
      setEmail('');
      await queryClient.invalidateQueries({ queryKey: ['members', account_id] });
    },
  });
  const remove = useMutation({
    mutationFn: (sub: SubscriptionDoc) => api.call('DELETE /{db}/{id}', { params: { db: account_id, id: sub._id }, query: { rev: sub._rev } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['members', account_id] }),
  });
  const inviteErrors = isApiError(invite.error) ? fieldErrors(invite.error.reason, ['email']) : {};
  const me = session.data?.userCtx.name;
  return (
    <Stack maw={960} mx="auto">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h3">
          {t('members.title')}
        </Title>
        <Button variant="default" size="xs" onClick={() => void members.refetch()} loading={members.isFetching}>
          {t('common.refresh')}
        </Button>
      </Group>
      <ErrorBanner error={members.error ?? (removing ? null : remove.error)} />
      {isAdmin && (
        <Paper withBorder radius="md" p="md">
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
                  error={inviteErrors.email && t(inviteErrors.email)}
                  style={{ flex: 1, minWidth: 220 }}
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
        </Paper>
      )}
      <Paper withBorder radius="md" p="md">
        {members.isPending ? (
          <PageLoader />
        ) : !members.data?.length ? (
          <Text c="dimmed">{t('members.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table striped>
              <Table.Tbody>
                {members.data.map((sub) => (
                  <Table.Tr key={sub._id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/account/${account_id}/users/${sub._id}`} size="sm">
                        <Text span size="sm" truncate="end" maw="min(320px, 45vw)" display="inline-block">
                          {memberName(sub, isAdmin, t)}
                        </Text>
                      </Anchor>
                      {memberEmail(sub, isAdmin, memberName(sub, isAdmin, t)) && (
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="member-email">
                          {memberEmail(sub, isAdmin, memberName(sub, isAdmin, t))}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {/* the badges keep their words on a phone (they shrank to dots) */}
                      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                        <Badge size="sm" variant="light" color={sub.status === 'pending' ? 'yellow' : 'green'}>
                          {t(`members.${sub.status}`, { defaultValue: sub.status })}
                        </Badge>
                        {sub.admin && (
                          <Badge size="sm" variant="light" color="blue">
                            {t('members.admin')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    {isAdmin && (
                      <Table.Td w={50}>
                        {sub.user_id !== me && (
                          <Tooltip label={t('members.remove')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('members.remove')}
                              onClick={() => setRemoving(sub)}
                            >
                              ✕
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <ConfirmDialog
        parts={DIALOG_PARTS}
        opened={!!removing}
        name={removing ? memberName(removing, isAdmin, t) : ''}
        title={t('confirm_dialog.remove_member_title')}
        message={removing ? t('confirm_dialog.remove_member_message', { name: memberName(removing, isAdmin, t) }) : undefined}
        confirmLabel={t('confirm_dialog.remove')}
        onConfirm={() => remove.mutateAsync(removing!)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

/** Administrators only (members and invitations are managed by them): a plain member gets the notice. */
export default function MembersPage() {
  const { account_id = '' } = useParams();
  return (
    <AdminOnly accountId={account_id}>
      <MembersPageContent />
    </AdminOnly>
  );
}
