import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { fieldErrors, isApiError } from '@app/ui';
import { api } from '../../app/api';
import { AuthCard } from '../../components/AuthCard';
import { ErrorBanner } from '../../components/ErrorBanner';
import { newPasswordSchema, type NewPasswordValues } from './forms';
import type { LoginNotice } from './LoginPage';

const FIELDS = ['password', 'password_confirmation'] as const;

/**
 * Set a new password with the mailed token. The server then ends every session of the user and clears this browser's
 * cookies, so the cached session (and whatever was read with it) is dropped and the login page says why.
 */
export default function PasswordTokenPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<NewPasswordValues>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', password_confirmation: '' } });
  const change = useMutation({
    mutationFn: (values: NewPasswordValues) => api.call('PUT /_users/_password/{token}', { params: { token }, body: values }),
    onSuccess: () => {
      queryClient.clear();
      navigate('/user/login', { replace: true, state: { notice: 'password_changed' } satisfies LoginNotice });
    },
    onError: (err) => {
      if (!isApiError(err)) return;
      for (const [field, key] of Object.entries(fieldErrors(err.reason, FIELDS))) {
        form.setError(field as (typeof FIELDS)[number], { type: 'server', message: key });
      }
    },
  });
  const { errors } = form.formState;
  const message = (m?: string) => (m ? t(m) : undefined);
  return (
    <AuthCard title={t('password.set_title')}>
      <form noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))}>
        <Stack>
          {!(isApiError(change.error) && typeof change.error.reason === 'object') && <ErrorBanner error={change.error} />}
          <PasswordInput label={t('common.password')} autoComplete="new-password" autoFocus error={message(errors.password?.message)} {...form.register('password')} />
          <PasswordInput
            label={t('register.password_confirmation')}
            autoComplete="new-password"
            error={message(errors.password_confirmation?.message)}
            {...form.register('password_confirmation')}
          />
          <Button type="submit" loading={change.isPending} fullWidth>
            {t('password.set_submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
