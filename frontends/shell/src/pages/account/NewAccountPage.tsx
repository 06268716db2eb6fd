import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import type { AccountCreateRequest } from '@app/proto';
import { fieldErrors, isApiError } from '@app/ui';
import { api } from '../../app/api';
import { requestForm } from '../../app/request-form';
import { ErrorBanner } from '../../components/ErrorBanner';

const schema = requestForm<typeof AccountCreateRequest>()({ name: z.string().trim().min(1, 'validation.required') });
type Values = z.infer<typeof schema>;

/** Create a group profile, then open its dashboard. */
export default function NewAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: '' } });
  const create = useMutation({
    mutationFn: (values: Values) => api.call('POST /accounts', { body: values }),
    onSuccess: async ({ id }) => {
      await queryClient.invalidateQueries({ queryKey: ['session'] });
      navigate(`/account/${id}`);
    },
    onError: (err) => {
      if (isApiError(err)) for (const [, key] of Object.entries(fieldErrors(err.reason, ['name']))) form.setError('name', { type: 'server', message: key });
    },
  });
  const error = form.formState.errors.name?.message;
  return (
    <Paper withBorder radius="md" p="lg" maw={520} mx="auto">
      <Title order={2} size="h3" mb="md">
        {t('account.new_title')}
      </Title>
      <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <Stack>
          {!(isApiError(create.error) && typeof create.error.reason === 'object') && <ErrorBanner error={create.error} />}
          <TextInput label={t('account.name')} autoFocus error={error && t(error)} {...form.register('name')} />
          <Button type="submit" loading={create.isPending}>
            {t('account.create')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
