import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrors, isApiError } from '@app/ui';
import { api } from '../../app/api';
import { PASSWORD_FIELDS, passwordSchema, type PasswordValues } from './forms';
import type { PublicUser } from '@app/proto';
import { SaveErrorBanner } from './SaveErrorBanner';

interface Props {
  opened: boolean;
  onClose: () => void;
  onChanged: () => void;
  user: Pick<PublicUser, '_id' | '_rev'>;
}

/** Changes the password: PUT /_users/{id}?rev= {password, password_confirmation, current_password}. */
export function PasswordModal({ opened, onClose, onChanged, user }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { password: '', password_confirmation: '', current_password: '' },
  });
  const change = useMutation({
    mutationFn: (values: PasswordValues) => api.call('PUT /_users/{id}', { params: { id: user._id }, query: { rev: user._rev }, body: values }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['profile', 'user'] });
      form.reset();
      onChanged();
    },
    onError: (err) => {
      if (!isApiError(err)) return;
      for (const [field, key] of Object.entries(fieldErrors(err.reason, PASSWORD_FIELDS))) {
        form.setError(field as (typeof PASSWORD_FIELDS)[number], { type: 'server', message: key });
      }
    },
  });
  const { errors } = form.formState;
  const message = (m?: string) => (m ? t(m) : undefined);
  const close = () => {
    form.reset();
    change.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('profile.password_title')}>
      <form noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))}>
        <Stack>
          <SaveErrorBanner error={change.error} />
          <PasswordInput label={t('profile.new_password')} autoComplete="new-password" required error={message(errors.password?.message)} {...form.register('password')} />
          <PasswordInput
            label={t('profile.password_confirmation')}
            autoComplete="new-password"
            required
            error={message(errors.password_confirmation?.message)}
            {...form.register('password_confirmation')}
          />
          <PasswordInput
            label={t('profile.current_password')}
            autoComplete="current-password"
            required
            error={message(errors.current_password?.message)}
            {...form.register('current_password')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('profile.change_password')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
