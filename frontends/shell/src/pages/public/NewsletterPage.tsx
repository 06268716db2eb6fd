import { Alert, Button, Card, Container, PasswordInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, isApiError } from '@app/ui';
import { api, sessionQuery } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';
import type { PublicUser, UserConfigurationDoc } from '@app/proto';
import { userQuery } from '../profile/profile-api';
import { newsletterFlag, NEWSLETTER_TOPICS, shownTopics, TOPICS_KEY, topicsValue, type Topics } from './newsletter-topics';

/** The user's stored topics (a `newsletter-topics` UserConfiguration), or null when they never chose any. */
const topicsSettingQuery = (userId: string) => ({
  queryKey: ['user-configuration', userId, TOPICS_KEY] as const,
  queryFn: async (): Promise<UserConfigurationDoc | null> =>
    (await api.find(userId, { selector: { klass: 'UserConfiguration', key: TOPICS_KEY }, limit: 1 }))[0] ?? null,
});

function NewsletterForm({ user, setting }: { user: PublicUser; setting: UserConfigurationDoc | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [topics, setTopics] = useState<Topics>(() => shownTopics(user.newsletter, setting));
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  // what was saved (here or elsewhere) shows once it is read back
  useEffect(() => setTopics(shownTopics(user.newsletter, setting)), [user.newsletter, setting]);
  const save = useMutation({
    mutationFn: async () => {
      // the profile first: it checks the current password, so a wrong one stores nothing
      await api.call('PUT /_users/{id}', {
        params: { id: user._id },
        query: { rev: user._rev },
        body: { fullname: user.fullname ?? '', newsletter: newsletterFlag(topics), current_password: password },
      });
      const value = topicsValue(topics);
      if (setting) await api.call('PUT /{db}/{id}', { params: { db: user._id, id: setting._id }, query: { rev: setting._rev }, body: { value } });
      else await api.call('POST /{db}', { params: { db: user._id }, body: { klass: 'UserConfiguration', key: TOPICS_KEY, value } });
    },
    onSuccess: () => setPassword(''),
    onError: (err) => {
      if (!isApiError(err)) return;
      const key = fieldErrors(err.reason, ['current_password'] as const).current_password;
      if (key) setPasswordError(key);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['profile', 'user'] }),
        queryClient.invalidateQueries({ queryKey: ['session'] }),
        queryClient.invalidateQueries({ queryKey: ['user-configuration', user._id, TOPICS_KEY] }),
      ]),
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
            data-testid={`topic-${key}`}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setTopics((s) => ({ ...s, [key]: checked }));
            }}
          />
        ))}
        <Text size="xs" c="dimmed">
          {t('public.newsletter.topics_note')}
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

/**
 * Newsletter preferences (spec §2), signed in: a switch per topic. Each topic is stored (newsletter-topics.ts) and
 * the profile's newsletter flag is on when any topic is.
 */
export default function NewsletterPage() {
  const { t } = useTranslation();
  const session = useQuery(sessionQuery);
  const userId = session.data?.userCtx.name ?? '';
  const user = useQuery({ ...userQuery(userId), enabled: !!userId });
  const setting = useQuery({ ...topicsSettingQuery(userId), enabled: !!userId });
  return (
    <Container size="xs" px={0}>
      <Card withBorder radius="md">
        <Stack>
          <Title order={2}>{t('public.newsletter.title')}</Title>
          <Text c="dimmed">{t('public.newsletter.intro')}</Text>
          {user.isPending || setting.isPending ? (
            <PageLoader />
          ) : user.isError || setting.isError ? (
            <ErrorBanner error={user.error ?? setting.error} />
          ) : (
            <NewsletterForm user={user.data} setting={setting.data} />
          )}
        </Stack>
      </Card>
    </Container>
  );
}
