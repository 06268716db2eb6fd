import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toLanguage } from '@app/ui';
import { api, sessionQuery } from '../../app/api';
import { AuthCard } from '../../components/AuthCard';
import { ErrorBanner } from '../../components/ErrorBanner';
import { loginSchema, type LoginValues } from './forms';

/** Log in (spec §2): on success the user's locale is applied and the app goes home. Remember-me is not sent. */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '', remember: false } });
  const login = useMutation({
    mutationFn: ({ email, password }: LoginValues) => api.post('/_session', { username: email, password }),
    onSuccess: async () => {
      const session = await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
      const language = toLanguage(session.locale);
      await i18n.changeLanguage(language);
      document.documentElement.lang = language;
      navigate('/app');
    },
  });
  const { errors } = form.formState;
  return (
    <AuthCard title={t('login.title')}>
      <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
        <Stack>
          <ErrorBanner error={login.error} />
          <TextInput
            label={t('common.email')}
            type="email"
            autoComplete="username"
            autoFocus
            data-autofocus
            error={errors.email?.message && t(errors.email.message)}
            {...form.register('email')}
          />
          <PasswordInput
            label={t('common.password')}
            autoComplete="current-password"
            error={errors.password?.message && t(errors.password.message)}
            {...form.register('password')}
          />
          <Checkbox label={t('login.remember_me')} {...form.register('remember')} />
          <Button type="submit" loading={login.isPending} fullWidth>
            {t('login.submit')}
          </Button>
          <Stack gap={4}>
            <Anchor component={Link} to="/user/password/new" size="sm">
              {t('login.forgot_password')}
            </Anchor>
            <Anchor component={Link} to="/user/register" size="sm">
              {t('login.register')}
            </Anchor>
            <Anchor component={Link} to="/user/confirm/new" size="sm">
              {t('login.resend_confirmation')}
            </Anchor>
            <Anchor component={Link} to="/welcome" size="sm">
              {t('public.nav.welcome')}
            </Anchor>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
