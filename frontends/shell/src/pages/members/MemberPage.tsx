import { Anchor, Badge, Breadcrumbs, Button, Group, Paper, Stack, Switch, Table, Text, Title, Tooltip } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '@app/ui';
import { api, sessionQuery } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';
import { useIsAdmin } from '../admin/admin-data';
import { AdminOnly } from '../admin/AdminOnly';
import type { SubscriptionDoc } from '@app/proto';
import { FLAGS, memberEmail, memberName } from './members-data';

type Flag = (typeof FLAGS)[number];
type Flags = Record<Flag, boolean>;
const flagsOf = (doc: SubscriptionDoc): Flags => Object.fromEntries(FLAGS.map((f) => [f, !!doc[f]])) as Flags;

/**
 * A member's subscription: the user, or a pending badge with the invited e-mail, and the five flags. `edit` (the
 * subscriptions/{id}/edit path) opens with the flags being edited.
 */
function MemberPageContent({ edit }: { edit: boolean }) {
  const { t } = useTranslation();
  const { account_id = '', record_id = '' } = useParams();
  const session = useQuery(sessionQuery);
  const confirmed = !!(session.data?.user?.confirmed ?? session.data?.confirmed);
  const sub = useQuery({
    queryKey: ['member', account_id, record_id],
    queryFn: () => api.getDoc<'Subscription'>(account_id, record_id),
    retry: false,
  });
  const { isAdmin } = useIsAdmin(account_id);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Flags | null>(null);
  // the edit path starts editing once the membership is read (once: Cancel then shows it read-only)
  const [editOnLoad, setEditOnLoad] = useState(edit);
  if (editOnLoad && sub.data?.klass === 'Subscription') {
    setEditOnLoad(false);
    setEditing(flagsOf(sub.data));
  }
  // the server refuses what the caller may not change (e.g. one's own admin flags): its error shows in the banner
  const save = useMutation({
    mutationFn: (flags: Flags) =>
      api.call('PUT /{db}/{id}', { params: { db: account_id, id: record_id }, query: { rev: sub.data?._rev }, body: flags }),
    onSuccess: async (reply) => {
      setEditing(null);
      if (reply.doc) queryClient.setQueryData(['member', account_id, record_id], reply.doc as SubscriptionDoc);
      await queryClient.invalidateQueries({ queryKey: ['member', account_id, record_id] });
      await queryClient.invalidateQueries({ queryKey: ['members', account_id] });
    },
  });
  const base = `/account/${account_id}`;
  const notFound =
    (isApiError(sub.error) && sub.error.status === 404) || (sub.isSuccess && (!sub.data || sub.data.klass !== 'Subscription'));
  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} to={`${base}/subscriptions`} size="sm">
        {t('members.back')}
      </Anchor>
      <Text size="sm">{t('members.detail_title')}</Text>
    </Breadcrumbs>
  );
  if (sub.isPending) return <PageLoader />;
  if (notFound)
    return (
      <Stack maw={720} mx="auto" data-testid="member-not-found">
        {crumbs}
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h3" mb="sm">
            {t('members.not_found_title')}
          </Title>
          <Text c="dimmed">{t('members.not_found')}</Text>
        </Paper>
      </Stack>
    );
  if (sub.isError) return <ErrorBanner error={sub.error} />;
  const doc = sub.data!;
  const pending = doc.status === 'pending';
  return (
    <Stack maw={720} mx="auto">
      {crumbs}
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h3">
          {t('members.detail_title')}
        </Title>
        {/* a disabled button gets no pointer events: the span carries the hint's tooltip */}
        <Tooltip label={t('members.confirm_hint')} disabled={confirmed}>
          <span>
            {confirmed ? (
              <Button component={Link} to={`${base}/subscriptions/new`} size="xs" variant="default" data-testid="member-new">
                {t('members.new')}
              </Button>
            ) : (
              <Button size="xs" variant="default" disabled data-testid="member-new">
                {t('members.new')}
              </Button>
            )}
          </span>
        </Tooltip>
      </Group>
      {!confirmed && (
        <Text size="sm" c="orange">
          {t('members.confirm_hint')}
        </Text>
      )}
      <Paper withBorder radius="md" p="md">
        {/* the whole address or name, wrapped: a phone cut a long address */}
        <Group gap="sm" mb="md" wrap="nowrap" align="flex-start">
          {pending ? (
            <>
              <Badge color="yellow" variant="light" style={{ flexShrink: 0 }}>
                {t('members.pending')}
              </Badge>
              <Text style={{ minWidth: 0, overflowWrap: 'anywhere' }} data-testid="member-name">
                {doc.email ?? doc.user?.email ?? t('members.pending_invitation')}
              </Text>
            </>
          ) : (
            <Stack gap={2} miw={0}>
              <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }} data-testid="member-name">
                {memberName(doc, isAdmin, t)}
              </Text>
              {memberEmail(doc, isAdmin, memberName(doc, isAdmin, t)) && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="member-email">
                  {memberEmail(doc, isAdmin, memberName(doc, isAdmin, t))}
                </Text>
              )}
            </Stack>
          )}
        </Group>
        <ErrorBanner error={save.error} onClose={() => save.reset()} />
        <Table>
          <Table.Tbody>
            {FLAGS.map((flag) => (
              <Table.Tr key={flag}>
                <Table.Td>{t(`members.flags.${flag}`)}</Table.Td>
                <Table.Td>
                  {editing ? (
                    <Switch
                      aria-label={t(`members.flags.${flag}`)}
                      checked={editing[flag]}
                      onChange={(e) => {
                        const checked = e.currentTarget.checked;
                        setEditing((f) => (f ? { ...f, [flag]: checked } : f));
                      }}
                    />
                  ) : (
                    <Badge variant="light" color={doc[flag] ? 'green' : 'gray'} data-testid={`flag-${flag}`}>
                      {t(doc[flag] ? 'members.yes' : 'members.no')}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {isAdmin && (
          <Group justify="flex-end" mt="sm" gap="xs">
            {editing ? (
              <>
                <Button variant="default" size="xs" onClick={() => setEditing(null)}>
                  {t('member_edit.cancel')}
                </Button>
                <Button size="xs" loading={save.isPending} onClick={() => save.mutate(editing)}>
                  {t('member_edit.save')}
                </Button>
              </>
            ) : (
              <Button
                variant="default"
                size="xs"
                onClick={() => {
                  save.reset();
                  setEditing(flagsOf(doc));
                }}
              >
                {t('member_edit.edit')}
              </Button>
            )}
          </Group>
        )}
      </Paper>
    </Stack>
  );
}

/** Administrators only (members and invitations are managed by them): a plain member gets the notice. */
export default function MemberPage({ edit = false }: { edit?: boolean }) {
  const { account_id = '' } = useParams();
  return (
    <AdminOnly accountId={account_id}>
      <MemberPageContent edit={edit} />
    </AdminOnly>
  );
}
