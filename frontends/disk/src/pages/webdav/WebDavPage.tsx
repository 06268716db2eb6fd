import { ActionIcon, Alert, Anchor, Code, CopyButton, Group, List, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { newTokenOf, tokenRequestPath } from '@app/ui';
import { CopyIcon } from '../../components/icons';
import { useSession } from '../../hooks/disk';
import { DAV_ROUTE } from '../../lib/contract';
import { useRoute } from '../../routing';

/** The group's WebDAV address on this site: `${origin}/dav/{account_id}/`. */
export const davAddress = (origin: string, accountId: string) => `${origin}${DAV_ROUTE}/${encodeURIComponent(accountId)}/`;

/**
 * The profile tab where user tokens are made (the WebDAV password is one, with write permission): it opens with write
 * preselected and says why, and its way back brings the new token here (@app/ui token-request).
 */
export const tokensPath = (returnTo: string) => tokenRequestPath({ access: 'write', purpose: 'webdav', returnTo });

/** The commands of the instructions, with the address, the e-mail and a stand-in for the token. */
export function davCommands(address: string, email: string, token: string) {
  return {
    netUse: `net use Z: ${address} /user:${email} *`,
    install: 'sudo apt install davfs2',
    mountPoint: 'sudo mkdir -p /mnt/disk',
    secrets: `echo '${address} ${email} ${token}' | sudo tee -a /etc/davfs2/secrets`,
    mount: `sudo mount -t davfs ${address} /mnt/disk`,
    rcloneCreate: `rclone config create disk webdav url=${address} vendor=other user=${email} pass=${token} --obscure`,
    rcloneList: 'rclone lsd disk:',
    rcloneCopy: 'rclone copy ./photos disk:photos',
  };
}

function CopyAction({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('disk');
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('webdav.copied') : label} withArrow>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={label}>
            <CopyIcon size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** A command on its own line (it wraps rather than scroll the page sideways) with a copy button. */
function Command({ command }: { command: string }) {
  const { t } = useTranslation('disk');
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" mt={4}>
      <Code block style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {command}
      </Code>
      <CopyAction value={command} label={t('webdav.copy_command')} />
    </Group>
  );
}

function Detail({ label, value, copy, testId }: { label: string; value: ReactNode; copy?: string; testId?: string }) {
  const { t } = useTranslation('disk');
  return (
    <Stack gap={2} miw={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" align="center">
        <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid={testId}>
          {value}
        </Text>
        {copy && <CopyAction value={copy} label={t('webdav.copy', { what: label })} />}
      </Group>
    </Stack>
  );
}

function Steps({ title, children, testId, note }: { title: string; children: ReactNode; testId: string; note?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={3} size="h4" mb="xs">
        {title}
      </Title>
      <List type="ordered" spacing="xs" size="sm" styles={{ itemWrapper: { minWidth: 0, display: 'block' }, itemLabel: { minWidth: 0 } }}>
        {children}
      </List>
      {note}
    </Paper>
  );
}

/**
 * disk/webdav: how to mount the group's disk with WebDAV: the address, the user name (the e-mail) and the password
 * (a user token with write permission, made in the profile), then short steps for Windows, macOS, Linux (davfs2) and
 * rclone.
 */
export default function WebDavPage() {
  const { t } = useTranslation('disk');
  const { accountId } = useRoute();
  const session = useSession();
  const email = session.data?.user?.email ?? '';
  const location = useLocation();
  const address = davAddress(window.location.origin, accountId);
  // the token just made in the profile, brought back by its "back to the setup" link: filled into the commands
  const newToken = newTokenOf(location.state);
  const token = newToken ?? t('webdav.token_placeholder');
  const user = email || t('webdav.your_email');
  const cmd = davCommands(address, user, token);
  const https = address.startsWith('https:');
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('webdav.title')}
      </Title>
      <Text size="sm">{t('webdav.intro')}</Text>
      {newToken && (
        <Alert color="green" variant="light" data-testid="dav-token-filled">
          {t('webdav.token_filled')}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Detail label={t('webdav.address')} value={address} copy={address} testId="dav-address" />
          <Detail label={t('webdav.user')} value={user} copy={email || undefined} testId="dav-user" />
          {newToken ? (
            <Detail label={t('webdav.password')} value={newToken} copy={newToken} testId="dav-token" />
          ) : (
            <Stack gap={2} miw={0}>
              <Text size="sm" c="dimmed">
                {t('webdav.password')}
              </Text>
              <Text size="sm">
                {t('webdav.password_is_token')}{' '}
                <Anchor component={Link} to={tokensPath(location.pathname)} data-testid="tokens-link">
                  {t('webdav.make_token')}
                </Anchor>
              </Text>
            </Stack>
          )}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="sm">
          {t('webdav.read_only_note')}
        </Text>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Steps
          title={t('webdav.windows.title')}
          testId="steps-windows"
          note={
            !https && (
              <Alert color="yellow" variant="light" mt="sm" p="xs">
                <Text size="xs">{t('webdav.windows.https')}</Text>
              </Alert>
            )
          }
        >
          <List.Item>{t('webdav.windows.s1')}</List.Item>
          <List.Item>{t('webdav.windows.s2')}</List.Item>
          <List.Item>{t('webdav.windows.s3')}</List.Item>
          <List.Item>
            {t('webdav.windows.s4')}
            <Command command={cmd.netUse} />
          </List.Item>
        </Steps>
        <Steps title={t('webdav.macos.title')} testId="steps-macos">
          <List.Item>{t('webdav.macos.s1')}</List.Item>
          <List.Item>{t('webdav.macos.s2')}</List.Item>
          <List.Item>{t('webdav.macos.s3')}</List.Item>
          <List.Item>{t('webdav.macos.s4')}</List.Item>
        </Steps>
        <Steps title={t('webdav.linux.title')} testId="steps-linux">
          <List.Item>
            {t('webdav.linux.s1')}
            <Command command={cmd.install} />
          </List.Item>
          <List.Item>
            {t('webdav.linux.s2')}
            <Command command={cmd.mountPoint} />
          </List.Item>
          <List.Item>
            {t('webdav.linux.s3')}
            <Command command={cmd.secrets} />
          </List.Item>
          <List.Item>
            {t('webdav.linux.s4')}
            <Command command={cmd.mount} />
          </List.Item>
        </Steps>
        <Steps title={t('webdav.rclone.title')} testId="steps-rclone">
          <List.Item>{t('webdav.rclone.s1')}</List.Item>
          <List.Item>
            {t('webdav.rclone.s2')}
            <Command command={cmd.rcloneCreate} />
          </List.Item>
          <List.Item>
            {t('webdav.rclone.s3')}
            <Command command={cmd.rcloneList} />
          </List.Item>
          <List.Item>
            {t('webdav.rclone.s4')}
            <Command command={cmd.rcloneCopy} />
          </List.Item>
        </Steps>
      </SimpleGrid>
    </Stack>
  );
}
