import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { REASONS } from '@app/proto';
import { reasonKey, toLanguage } from '@app/ui';
import { api, sessionQuery } from '../../app/api';
import { AuthCard } from '../../components/AuthCard';
import { ErrorBanner } from '../../components/ErrorBanner';
import { validateLogin, type LoginErrors, type LoginValues } from './login-form';

// proto's reason for a login without both fields, written out (a value import of proto would bundle its schemas)
const REASONS_LOGIN_MISSING = 'Please provide username and password' satisfies (typeof REASONS)['loginMissing'];

/** What a page that sends the user here may ask the login page to say (router state). */
export interface LoginNotice {
  notice: 'password_changed';
}

/** Log in (spec §2): on success the user's locale is applied and the app goes home. Remember-me is not sent. */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const notice = (useLocation().state as Partial<LoginNotice> | null)?.notice;
  const queryClient = useQueryClient();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', remember: false });
  const [errors, setErrors] = useState<LoginErrors>({});
  // spec §5, §8: login needs both fields; a blank one is "Please provide username and password", not a bare "Required"
  const missing = errors.email === 'validation.required' || errors.password === 'validation.required';
  const login = useMutation({
    mutationFn: ({ email, password }: LoginValues) => api.call('POST /_session', { body: { username: email.trim(), password } }),
    onSuccess: async () => {
      const session = await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
      const language = toLanguage(session.locale);
      await i18n.changeLanguage(language);
      document.documentElement.lang = language;
      navigate('/app');
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (!found.email && !found.password) login.mutate(values);
  };
  const field = (name: 'email' | 'password') => ({
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
    // a blank field is marked, its words are the notice's above
    error: errors[name] === 'validation.required' ? true : errors[name] && t(errors[name]),
  });
  return (
    <AuthCard title={t('login.title')}>
      <form noValidate onSubmit={submit}>
        <Stack>
          {notice === 'password_changed' && !login.error && (
            <Alert color="green" data-testid="login-notice">
              {t('login.password_changed')}
            </Alert>
          )}
          {missing && (
            <Alert color="red" role="alert" data-testid="login-missing">
              {t(`errors.reason.${reasonKey(REASONS_LOGIN_MISSING)}`)}
            </Alert>
          )}
          <ErrorBanner error={login.error} />
          <TextInput label={t('common.email')} type="email" name="email" autoComplete="username" autoFocus data-autofocus {...field('email')} />
          <PasswordInput label={t('common.password')} name="password" autoComplete="current-password" {...field('password')} />
          <Checkbox
            label={t('login.remember_me')}
            name="remember"
            checked={values.remember}
            onChange={(e) => {
              const remember = e.currentTarget.checked;
              setValues((v) => ({ ...v, remember }));
            }}
          />
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
              {t('login.welcome')}
            </Anchor>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
