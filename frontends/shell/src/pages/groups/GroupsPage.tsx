import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { fieldErrors, isApiError } from '@app/ui';
import { accountQuery, api } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';
import { subGroupsKey, useIsAdmin, useSettings, useSubGroups } from '../admin/admin-data';
import { canCreateSubGroup } from './groups-rules';

/**
 * groups (the index) and groups/new (spec §2: "groups has index and new, index only when the account has sub groups"):
 * the index lists the sub groups and, for an administrator of a corporate group without a parent, links to the new
 * page; without sub groups it is not offered and sends to the new page. The new page has the form (or says who may
 * create one).
 */
export default function GroupsPage({ page = 'index' }: { page?: 'index' | 'new' }) {
  const { t } = useTranslation();
  const { account_id = '' } = useParams();
  const queryClient = useQueryClient();
  const groups = useSubGroups(account_id);
  const account = useQuery(accountQuery(account_id));
  const settings = useSettings(account_id);
  const { isAdmin } = useIsAdmin(account_id);
  const canCreate = settings.isSuccess && canCreateSubGroup(account.data?.['confirmed-plan'], settings.data?.['parent-account-id']?.value, isAdmin);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ id: string; name: string } | null>(null);
  const create = useMutation({
    mutationFn: (groupName: string) => api.call('POST /accounts', { body: { name: groupName, parent_account_id: account_id } }),
    onSuccess: async ({ id }, groupName) => {
      setCreated({ id, name: groupName });
      setName('');
      await queryClient.invalidateQueries({ queryKey: subGroupsKey(account_id) });
      // the creator becomes a member of the new group: the switcher lists it
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
  const nameError = isApiError(create.error) ? fieldErrors(create.error.reason, ['name']).name : undefined;
  const base = `/account/${account_id}`;
  const hasGroups = (groups.data?.length ?? 0) > 0;
  const newForm = canCreate ? (
    <Paper withBorder radius="md" p="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setCreated(null);
          create.mutate(name.trim());
        }}
      >
        <Stack gap="xs">
          {!(isApiError(create.error) && typeof create.error.reason === 'object') && <ErrorBanner error={create.error} />}
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('groups.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={nameError && t(nameError)}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button type="submit" loading={create.isPending}>
              {t('groups.create')}
            </Button>
          </Group>
          {created && (
            <Text size="sm" c="green">
              <Anchor component={Link} to={`/account/${created.id}`} size="sm">
                {t('groups.created', { name: created.name })}
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  ) : (
    <Text size="sm" c="dimmed" data-testid="groups-corporate-only">
      {t('groups.corporate_only')}
    </Text>
  );
  // the index is offered only while there are sub groups (spec §2)
  if (page === 'index' && groups.isSuccess && !hasGroups) return <Navigate to={`${base}/groups/new`} replace />;
  if (page === 'new')
    return (
      <Stack maw={720} mx="auto">
        <Breadcrumbs>
          <Anchor component={Link} to={`${base}/admin`} size="sm">
            {t('groups.breadcrumb')}
          </Anchor>
          {hasGroups && (
            <Anchor component={Link} to={`${base}/groups`} size="sm">
              {t('groups.title')}
            </Anchor>
          )}
          <Text size="sm">{t('groups.new')}</Text>
        </Breadcrumbs>
        <Title order={2} size="h3">
          {t('groups.new')}
        </Title>
        {settings.isPending || account.isPending ? <PageLoader /> : newForm}
      </Stack>
    );
  return (
    <Stack maw={720} mx="auto">
      <Breadcrumbs>
        <Anchor component={Link} to={`${base}/admin`} size="sm">
          {t('groups.breadcrumb')}
        </Anchor>
        <Text size="sm">{t('groups.title')}</Text>
      </Breadcrumbs>
      <Title order={2} size="h3">
        {t('groups.title')}
      </Title>
      <ErrorBanner error={groups.error} />
      <Paper withBorder radius="md" p="md">
        {groups.isPending ? (
          <PageLoader />
        ) : (
          <Table>
            <Table.Tbody>
              {(groups.data ?? []).map((g) => (
                <Table.Tr key={g._id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/account/${g._id}`} size="sm" data-testid="sub-group">
                      {g.name || g._id}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {canCreate && (
        <Group justify="flex-end">
          <Button component={Link} to={`${base}/groups/new`} variant="light" data-testid="groups-new-link">
            {t('groups.new')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
