import { Anchor, Button, Checkbox, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '@app/ui';
import { api } from '../app/api';
import { relogin, useReloginOpen } from '../session/relogin-store';
import { ErrorBanner } from './ErrorBanner';

const SESSION_LOST = new ApiError(401, 'forbidden', 'Please login again');

/** Over any signed-in page when the session is lost (spec §2): log in again without leaving the page. */
export function ReloginModal({ email }: { email?: string }) {
  const { t } = useTranslation();
  const opened = useReloginOpen();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState(email ?? '');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: () => api.call('POST /_session', { body: { username, password } }),
    onSuccess: async () => {
      setPassword('');
      relogin.close();
      await queryClient.invalidateQueries();
    },
  });
  return (
    <Modal opened={opened} onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} title={t('relogin.title')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          login.mutate();
        }}
      >
        <Stack>
          <ErrorBanner error={login.error ?? SESSION_LOST} sessionErrors />
          <TextInput label={t('common.email')} type="email" autoComplete="username" required value={username} onChange={(e) => setUsername(e.currentTarget.value)} />
          <PasswordInput label={t('common.password')} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Checkbox label={t('login.remember_me')} />
          <Anchor component={Link} to="/user/password/new" size="sm" onClick={() => relogin.close()}>
            {t('login.forgot_password')}
          </Anchor>
          <Button type="submit" loading={login.isPending}>
            {t('relogin.submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
