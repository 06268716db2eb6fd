import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrors, isApiError } from '@app/ui';
import { api } from '../../app/api';
import { AuthCard } from '../../components/AuthCard';
import { ErrorBanner } from '../../components/ErrorBanner';
import { registerSchema, type RegisterValues } from './forms';

const FIELDS = ['email', 'fullname', 'password', 'password_confirmation', 'accept'] as const;

/**
 * Create a profile (spec §2); the server's field errors show under their fields. An address that already has a profile
 * is answered like a new one (its owner gets a mail instead), so after success the screen only says a mail was sent.
 */
export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: '', fullname: '', password: '', password_confirmation: '', accept: false },
  });
  const register = useMutation({
    mutationFn: (values: RegisterValues) => api.call('POST /_users', { body: { ...values, locale: i18n.language } }),
    onError: (err) => {
      if (!isApiError(err)) return;
      for (const [field, key] of Object.entries(fieldErrors(err.reason, FIELDS))) {
        form.setError(field as (typeof FIELDS)[number], { type: 'server', message: key });
      }
    },
  });
  const { errors } = form.formState;
  const message = (m?: string) => (m ? t(m) : undefined);
  const hasFieldErrors = isApiError(register.error) && typeof register.error.reason === 'object';

  if (register.isSuccess) {
    return (
      <AuthCard title={t('register.sent_title')}>
        <Stack>
          <Alert color="green" data-testid="register-sent">
            {t('register.sent', { email: register.variables?.email })}
          </Alert>
          <Anchor component={Link} to="/user/login">
            {t('common.back_to_login')}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }
  const policy = (href: string) => <Anchor href={href} target="_blank" rel="noopener" inherit />;
  return (
    <AuthCard title={t('register.title')}>
      <form noValidate onSubmit={form.handleSubmit((values) => register.mutate(values))}>
        <Stack>
          {!hasFieldErrors && <ErrorBanner error={register.error} />}
          <TextInput label={t('common.email')} type="email" autoComplete="email" required error={message(errors.email?.message)} {...form.register('email')} />
          <TextInput label={t('register.full_name')} autoComplete="name" error={message(errors.fullname?.message)} {...form.register('fullname')} />
          <PasswordInput
            label={t('common.password')}
            description={t('register.password_optional')}
            autoComplete="new-password"
            error={message(errors.password?.message)}
            {...form.register('password')}
          />
          <PasswordInput
            label={t('register.password_confirmation')}
            autoComplete="new-password"
            error={message(errors.password_confirmation?.message)}
            {...form.register('password_confirmation')}
          />
          <Checkbox
            error={message(errors.accept?.message)}
            label={
              <Text size="sm" component="span">
                <Trans
                  i18nKey="register.accept"
                  t={t}
                  components={{
                    terms: policy('/terms-and-conditions.html'),
                    privacy: policy('/privacy-policy.html'),
                    refund: policy('/refund-policy.html'),
                  }}
                />
              </Text>
            }
            {...form.register('accept')}
          />
          <Button type="submit" loading={register.isPending} fullWidth>
            {t('register.submit')}
          </Button>
          <Anchor component={Link} to="/user/login" size="sm">
            {t('register.have_account')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
