import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { fieldErrors, isApiError } from '@app/ui';
import { accountQuery, api } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';
import { subGroupsKey, useIsAdmin, useSettings, useSubGroups } from '../admin/admin-data';
import { canCreateSubGroup } from './groups-rules';

/** The account's sub groups, and for an administrator of a corporate group without a parent the new-sub-group form. */
export default function GroupsPage() {
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
        ) : !groups.data?.length ? (
          <Text c="dimmed">{t('groups.empty')}</Text>
        ) : (
          <Table>
            <Table.Tbody>
              {groups.data.map((g) => (
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
      {canCreate ? (
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
              <Title order={3} size="h5">
                {t('groups.new')}
              </Title>
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
      )}
    </Stack>
  );
}
