import { Anchor, Breadcrumbs, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AdminOnly } from '../admin/AdminOnly';
import { InviteForm } from './InviteForm';

/** /account/{id}/subscriptions/new (spec §2, a new membership): the invite form, for the group's administrators. */
function MemberNewContent() {
  const { t } = useTranslation();
  const { account_id = '' } = useParams();
  const [last, setLast] = useState<string | null>(null);
  const base = `/account/${account_id}`;
  return (
    <Stack maw={720} mx="auto">
      <Breadcrumbs>
        <Anchor component={Link} to={`${base}/subscriptions`} size="sm">
          {t('members.back')}
        </Anchor>
        <Text size="sm">{t('members.new_title')}</Text>
      </Breadcrumbs>
      <Title order={2} size="h3">
        {t('members.new_title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('members.new_intro')}
      </Text>
      <Paper withBorder radius="md" p="md">
        <InviteForm accountId={account_id} onInvited={(_email, id) => setLast(id)} />
        {last && (
          <Group gap="md" mt="sm">
            <Anchor component={Link} to={`${base}/users/${last}`} size="sm" data-testid="open-invitation">
              {t('members.open_invitation')}
            </Anchor>
            <Anchor component={Link} to={`${base}/subscriptions`} size="sm">
              {t('members.all_members')}
            </Anchor>
          </Group>
        )}
      </Paper>
    </Stack>
  );
}

/** Administrators only, as the members pages: a plain member gets the notice. */
export default function MemberNewPage() {
  const { account_id = '' } = useParams();
  return (
    <AdminOnly accountId={account_id}>
      <MemberNewContent />
    </AdminOnly>
  );
}
