import { Alert, Button, Card, Container, PasswordInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, isApiError } from '@app/ui';
import { api, sessionQuery } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';
import type { PublicUser } from '@app/proto';
import { userQuery } from '../profile/profile-api';

export const NEWSLETTER_TOPICS = ['product', 'tips'] as const;
type Topic = (typeof NEWSLETTER_TOPICS)[number];

/** The profile stores one `newsletter` flag: on when any topic is on. */
export const newsletterFlag = (topics: Record<Topic, boolean>) => NEWSLETTER_TOPICS.some((k) => topics[k]);

function NewsletterForm({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [topics, setTopics] = useState<Record<Topic, boolean>>({ product: user.newsletter, tips: user.newsletter });
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  useEffect(() => setTopics({ product: user.newsletter, tips: user.newsletter }), [user.newsletter]);
  const save = useMutation({
    mutationFn: () =>
      api.call('PUT /_users/{id}', { params: { id: user._id }, query: { rev: user._rev }, body: { fullname: user.fullname ?? '', newsletter: newsletterFlag(topics), current_password: password } }),
    onSuccess: async () => {
      setPassword('');
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['profile', 'user'] }), queryClient.invalidateQueries({ queryKey: ['session'] })]);
    },
    onError: (err) => {
      if (!isApiError(err)) return;
      const key = fieldErrors(err.reason, ['current_password'] as const).current_password;
      if (key) setPasswordError(key);
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setPasswordError(undefined);
    if (!password) {
      setPasswordError('validation.required');
      return;
    }
    save.mutate();
  };
  const hasFieldErrors = isApiError(save.error) && typeof save.error.reason === 'object';
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        {!(hasFieldErrors && passwordError) && <ErrorBanner error={save.error} />}
        {save.isSuccess && (
          <Alert color="green" role="status">
            {t('public.newsletter.saved')}
          </Alert>
        )}
        {NEWSLETTER_TOPICS.map((key) => (
          <Switch
            key={key}
            label={t(`public.newsletter.topics.${key}.label`)}
            description={t(`public.newsletter.topics.${key}.text`)}
            checked={topics[key]}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setTopics((s) => ({ ...s, [key]: checked }));
            }}
          />
        ))}
        <Text size="xs" c="dimmed">
          {t('public.newsletter.stored_as_one')}
        </Text>
        <PasswordInput
          label={t('public.newsletter.current_password')}
          description={t('public.newsletter.current_password_hint')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={passwordError && t(passwordError)}
        />
        <Button type="submit" loading={save.isPending}>
          {t('public.newsletter.save')}
        </Button>
      </Stack>
    </form>
  );
}

/** Newsletter preferences (spec §2), signed in: topic switches saved as the profile's newsletter flag. */
export default function NewsletterPage() {
  const { t } = useTranslation();
  const session = useQuery(sessionQuery);
  const userId = session.data?.userCtx.name ?? '';
  const user = useQuery({ ...userQuery(userId), enabled: !!userId });
  return (
    <Container size="xs" px={0}>
      <Card withBorder radius="md">
        <Stack>
          <Title order={2}>{t('public.newsletter.title')}</Title>
          <Text c="dimmed">{t('public.newsletter.intro')}</Text>
          {user.isPending ? <PageLoader /> : user.isError ? <ErrorBanner error={user.error} /> : <NewsletterForm user={user.data} />}
        </Stack>
      </Card>
    </Container>
  );
}
