import { Anchor, Breadcrumbs, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title, useMantineColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LANGUAGES, toLanguage, type Language } from '@app/ui';
import { api, sessionQuery } from '../../app/api';
import { BUILD } from '../../app/build-info';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useChangeLanguage } from '../../session/locale';
import { formatDate } from '../profile/profile-api';
import { formatDateTime } from '../account/format-date';
import { lastChangeOf } from './settings-rules';

/**
 * /account/{id}/settings (spec §2 "Also: … Settings, … a version card describing document changes"): the person's
 * settings that the user menu also holds (language, theme), and the version card: the app's release and version (this
 * page's build and the server's), and the group's documents — how many changes were made (its update_seq), how many
 * documents live, and the newest change with its action (create, update or destroy, spec §4 "Version action").
 */
export default function SettingsPage() {
  const { t, i18n } = useTranslation();
  const { account_id = '' } = useParams();
  const session = useQuery(sessionQuery);
  const changeLanguage = useChangeLanguage(session.data?.userCtx.name ?? '');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const server = useQuery({ queryKey: ['welcome'], queryFn: () => api.call('GET /'), staleTime: 60_000 });
  const info = useQuery({ queryKey: ['db-info', account_id], queryFn: () => api.call('GET /{db}', { params: { db: account_id } }) });
  const last = useQuery({
    queryKey: ['changes', account_id, 'last'],
    queryFn: () => api.call('GET /{db}/_changes', { params: { db: account_id }, query: { include_docs: true, descending: true, limit: 1 } }),
  });
  const language = toLanguage(i18n.language);
  const change = lastChangeOf(last.data?.results);
  const row = (label: string, value: string, testId: string) => (
    <Table.Tr>
      <Table.Td c="dimmed" w="45%">
        {label}
      </Table.Td>
      <Table.Td data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
  const number = (n: number | undefined) => (n === undefined ? '…' : new Intl.NumberFormat(language).format(n));
  return (
    <Stack maw={960} mx="auto">
      <Breadcrumbs>
        <Anchor component={Link} to={`/account/${account_id}`} size="sm">
          {t('admin.breadcrumb_dashboard')}
        </Anchor>
        <Text size="sm">{t('settings.title')}</Text>
      </Breadcrumbs>
      <Title order={2} size="h3">
        {t('settings.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder radius="md" p="md" data-testid="settings-preferences">
          <Title order={3} size="h5" mb="sm">
            {t('settings.preferences')}
          </Title>
          <Stack gap="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('topbar.language')}
              </Text>
              <SegmentedControl
                value={language}
                onChange={(v) => changeLanguage(v as Language)}
                data={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
                data-testid="settings-language"
              />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('topbar.theme')}
              </Text>
              <SegmentedControl
                value={colorScheme === 'dark' ? 'dark' : 'light'}
                onChange={(v) => setColorScheme(v as 'light' | 'dark')}
                data={(['light', 'dark'] as const).map((s) => ({ value: s, label: t(`topbar.theme_${s}`) }))}
              />
            </Stack>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md" data-testid="version-card">
          <Title order={3} size="h5" mb="sm">
            {t('settings.version.title')}
          </Title>
          <ErrorBanner error={info.error ?? last.error} />
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {row(t('settings.version.release'), BUILD.release ? formatDate(`${BUILD.release}T12:00:00`, language) : '—', 'version-release')}
              {row(t('settings.version.app'), BUILD.version, 'version-app')}
              {row(t('settings.version.server'), server.data?.version ?? '…', 'version-server')}
              {row(t('settings.version.changes'), number(info.data?.update_seq), 'version-changes')}
              {row(t('settings.version.documents'), number(info.data?.doc_count), 'version-documents')}
              {row(
                t('settings.version.last_change'),
                change
                  ? [t(`account.action.${change.action}`, { defaultValue: change.action }), t(`klass.${change.klass}`, { defaultValue: change.klass }), formatDateTime(change.at ?? undefined, language)]
                      .filter(Boolean)
                      .join(' · ')
                  : last.isSuccess
                    ? t('settings.version.none')
                    : '…',
                'version-last-change',
              )}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end" mt="xs">
            <Anchor component={Link} to={`/account/${account_id}`} size="sm">
              {t('settings.version.recent_changes')}
            </Anchor>
          </Group>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
