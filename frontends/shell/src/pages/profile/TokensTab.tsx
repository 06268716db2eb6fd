import { Alert, Badge, Button, Card, Code, CopyButton, Group, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NEW_TOKEN_STATE, readTokenRequest } from '@app/ui';
import { api } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';
import type { UserTokenDoc } from '@app/proto';
import { formatDate, tokensQuery } from './profile-api';

type Access = 'read' | 'write';

/**
 * The user tokens tab: the active tokens, a create form (the secret shown once) and revoke. A screen that needs a token
 * (the disk's WebDAV setup) links here asking for a permission (`access=write`), saying what for (`for=webdav`) and
 * where to go back (`return=`): the form opens with that permission and says why, and the new token's notice leads
 * back with the token (@app/ui token-request).
 */
export function TokensTab({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const tokens = useQuery(tokensQuery(userId));
  const [search] = useSearchParams();
  const request = readTokenRequest(search);
  const [description, setDescription] = useState(request.purpose ? t(`profile.tokens.for.${request.purpose}.description`) : '');
  const [access, setAccess] = useState<Access>(request.access);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['profile', 'tokens', userId] });
  const create = useMutation({
    mutationFn: () =>
      api.call('POST /{db}', {
        params: { db: userId },
        body: { klass: 'UserToken', description: description.trim(), permissions: access === 'write' ? ['read', 'write'] : ['read'] },
      }),
    onSuccess: async (reply) => {
      setSecret(typeof reply.doc?.token === 'string' ? reply.doc.token : null);
      setDescription('');
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (token: UserTokenDoc) => api.call('PUT /{db}/{id}', { params: { db: userId, id: token._id }, query: { rev: token._rev }, body: { active: false } }),
    onSuccess: refresh,
  });
  const permission = (p: string) => (p === 'read' || p === 'write' ? t(`profile.tokens.${p}`) : p);
  return (
    <Stack>
      <Text c="dimmed" size="sm">
        {t('profile.tokens.intro')}
      </Text>
      {secret && (
        <Alert color="green" title={t('profile.tokens.secret_title')} data-testid="token-secret">
          <Stack gap="xs">
            <Text size="sm">{t('profile.tokens.secret_hint')}</Text>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {secret}
            </Code>
            <Group>
              {request.returnTo && (
                <Button size="xs" component={Link} to={request.returnTo} state={{ [NEW_TOKEN_STATE]: secret }} data-testid="token-back">
                  {t(`profile.tokens.for.${request.purpose ?? 'any'}.back`)}
                </Button>
              )}
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? t('profile.tokens.copied') : t('profile.tokens.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button size="xs" variant="default" onClick={() => setSecret(null)}>
                {t('profile.tokens.done')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <Card withBorder radius="md">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <Stack>
            <Title order={4}>{t('profile.tokens.create_title')}</Title>
            {request.purpose && (
              <Alert color="blue" variant="light" data-testid="token-purpose">
                {t(`profile.tokens.for.${request.purpose}.why`)}
              </Alert>
            )}
            <ErrorBanner error={create.error} />
            <TextInput label={t('profile.tokens.description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('profile.tokens.permissions')}
              </Text>
              <SegmentedControl
                value={access}
                onChange={(v) => setAccess(v as Access)}
                data={[
                  { value: 'read', label: t('profile.tokens.read_only') },
                  { value: 'write', label: t('profile.tokens.read_write') },
                ]}
              />
            </Stack>
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                {t('profile.tokens.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <ErrorBanner error={revoke.error ?? tokens.error} />
      {tokens.isPending ? (
        <PageLoader />
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('profile.tokens.active')}</Table.Th>
                <Table.Th>{t('profile.tokens.description')}</Table.Th>
                <Table.Th>{t('profile.tokens.permissions')}</Table.Th>
                <Table.Th>{t('profile.tokens.created_at')}</Table.Th>
                <Table.Th>{t('profile.tokens.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(tokens.data ?? []).length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" size="sm">
                      {t('profile.tokens.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {(tokens.data ?? []).map((token) => (
                <Table.Tr key={token._id}>
                  <Table.Td>
                    <Badge color={token.active ? 'green' : 'gray'}>{token.active ? t('profile.tokens.yes') : t('profile.tokens.no')}</Badge>
                  </Table.Td>
                  <Table.Td>{token.description}</Table.Td>
                  <Table.Td>{(token.permissions ?? []).map(permission).join(', ')}</Table.Td>
                  <Table.Td>{formatDate(token.created_at, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      loading={revoke.isPending && revoke.variables?._id === token._id}
                      onClick={() => revoke.mutate(token)}
                    >
                      {t('profile.tokens.revoke')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
