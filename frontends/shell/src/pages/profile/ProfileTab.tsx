import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Avatar, Button, Card, Checkbox, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrors, isApiError } from '@app/ui';
import { api } from '../../app/api';
import { PROFILE_FIELDS, profileSchema, type ProfileValues } from './forms';
import { PasswordModal } from './PasswordModal';
import { SaveErrorBanner } from './SaveErrorBanner';
import { FreeLimitSwitch } from './FreeLimitSwitch';
import { GravatarSwitch, gravatarOn, useGravatarSetting } from './GravatarSwitch';
import type { PublicUser } from '@app/proto';

const AVATAR_SIZE = 80;

/** The gravatar image, only when the user turned it on (GravatarSwitch), the browser is online and not driven by a
 * test (no outside URL in tests); else the avatar shows initials. */
function gravatarUrl(hash: string | undefined, on: boolean): string | null {
  if (!on || !hash || typeof navigator === 'undefined' || !navigator.onLine || navigator.webdriver) return null;
  return `https://www.gravatar.com/avatar/${hash}?s=${AVATAR_SIZE}&d=identicon`;
}

/** The profile tab: avatar, name, e-mail, newsletter, the pending e-mail notice, the edit form and the password modal. */
export function ProfileTab({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [passwordChanged, setPasswordChanged] = useState(false);
  const form = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    values: { fullname: user.fullname ?? '', newsletter: user.newsletter, unconfirmed_email: '', current_password: '' },
  });
  const save = useMutation({
    mutationFn: ({ unconfirmed_email, ...values }: ProfileValues) =>
      api.call('PUT /_users/{id}', { params: { id: user._id }, query: { rev: user._rev }, body: unconfirmed_email ? { ...values, unconfirmed_email } : values }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['profile', 'user'] }),
        queryClient.invalidateQueries({ queryKey: ['session'] }),
      ]),
    onError: (err) => {
      if (!isApiError(err)) return;
      for (const [field, key] of Object.entries(fieldErrors(err.reason, PROFILE_FIELDS))) {
        form.setError(field as (typeof PROFILE_FIELDS)[number], { type: 'server', message: key });
      }
    },
  });
  const { errors } = form.formState;
  const message = (m?: string) => (m ? t(m) : undefined);
  const name = user.fullname || user.email;
  const gravatar = useGravatarSetting(user._id);
  return (
    <Stack>
      {user.unconfirmed_email && <Alert color="yellow">{t('profile.unconfirmed_email', { email: user.unconfirmed_email })}</Alert>}
      <Card withBorder radius="md">
        <Group wrap="nowrap" align="center">
          <Avatar src={gravatarUrl(user.gravatar_hash, gravatarOn(gravatar.data))} size={AVATAR_SIZE} radius="xl" name={name} color="initials" alt={t('profile.avatar', { name })} />
          <Stack gap={2} miw={0}>
            <Title order={3} data-testid="profile-fullname" style={{ overflowWrap: 'anywhere' }}>
              {user.fullname || t('profile.no_name')}
            </Title>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('profile.email')}: {user.email}
            </Text>
            <Text size="sm">
              {t('profile.newsletter')}: {user.newsletter ? t('profile.newsletter_on') : t('profile.newsletter_off')}
            </Text>
          </Stack>
        </Group>
        <Stack mt="md" gap="xs">
          <GravatarSwitch userId={user._id} />
          <FreeLimitSwitch />
        </Stack>
      </Card>
      {passwordChanged && (
        <Alert color="green" withCloseButton onClose={() => setPasswordChanged(false)}>
          {t('profile.password_changed')}
        </Alert>
      )}
      <Card withBorder radius="md">
        <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <Stack>
            <Group justify="space-between">
              <Title order={4}>{t('profile.edit_title')}</Title>
              <Button variant="default" onClick={() => setPasswordOpen(true)}>
                {t('profile.change_password')}
              </Button>
            </Group>
            <SaveErrorBanner error={save.error} />
            {save.isSuccess && !form.formState.isDirty && <Alert color="green">{t('profile.saved')}</Alert>}
            <TextInput label={t('profile.full_name')} autoComplete="name" error={message(errors.fullname?.message)} {...form.register('fullname')} />
            <TextInput
              label={t('profile.new_email')}
              type="email"
              autoComplete="email"
              description={t('profile.new_email_hint', { email: user.email })}
              error={message(errors.unconfirmed_email?.message)}
              {...form.register('unconfirmed_email')}
            />
            <Checkbox label={t('profile.newsletter_label')} error={message(errors.newsletter?.message)} {...form.register('newsletter')} />
            <PasswordInput
              label={t('profile.current_password')}
              description={t('profile.current_password_hint')}
              autoComplete="current-password"
              required
              error={message(errors.current_password?.message)}
              {...form.register('current_password')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('profile.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <PasswordModal
        opened={passwordOpen}
        onClose={() => setPasswordOpen(false)}
        onChanged={() => {
          setPasswordOpen(false);
          setPasswordChanged(true);
        }}
        user={user}
      />
    </Stack>
  );
}
