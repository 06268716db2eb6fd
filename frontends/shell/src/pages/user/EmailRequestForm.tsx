import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../app/api';
import { AuthCard } from '../../components/AuthCard';
import { ErrorBanner } from '../../components/ErrorBanner';
import { emailSchema, type EmailValues } from './forms';

/** One e-mail field posted to `route`; the API answers ok for any address, so the screen says "on its way". */
export function EmailRequestForm({ route, title, submit, done }: { route: 'POST /_users/_confirmation' | 'POST /_users/_password'; title: string; submit: string; done: string }) {
  const { t } = useTranslation();
  const form = useForm<EmailValues>({ resolver: zodResolver(emailSchema), defaultValues: { email: '' } });
  const request = useMutation({ mutationFn: (values: EmailValues) => api.call(route, { body: values }) });
  const error = form.formState.errors.email?.message;
  return (
    <AuthCard title={title}>
      {request.isSuccess ? (
        <Stack>
          <Alert color="green">{done}</Alert>
          <Anchor component={Link} to="/user/login">
            {t('common.back_to_login')}
          </Anchor>
        </Stack>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))}>
          <Stack>
            <ErrorBanner error={request.error} />
            <TextInput label={t('common.email')} type="email" autoComplete="email" autoFocus error={error && t(error)} {...form.register('email')} />
            <Button type="submit" loading={request.isPending} fullWidth>
              {submit}
            </Button>
            <Anchor component={Link} to="/user/login" size="sm">
              {t('common.back_to_login')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
