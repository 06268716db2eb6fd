import { Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MailPreferences } from '@app/proto';
import { api } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';

// The Free-plan limit notices (a mail to a Free group's administrators when it reaches 1,000 records): on unless the
// user stopped them, by the mail's unsubscribe link or here; this is where they turn them back on. The weekly summary
// is each group's "all notifications" flag (the membership's notifications), not this.

export const mailPreferencesKey = ['mail-preferences'] as const;

export function FreeLimitSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const preferences = useQuery({ queryKey: mailPreferencesKey, queryFn: () => api.call('GET /mail/preferences'), staleTime: 60_000 });
  const save = useMutation({
    mutationFn: (free_limit_notices: boolean) => api.call('PUT /mail/preferences', { body: { free_limit_notices } }),
    onSuccess: (saved: MailPreferences) => queryClient.setQueryData(mailPreferencesKey, saved),
  });
  const checked = save.isPending ? !!save.variables : !!preferences.data?.free_limit_notices;
  return (
    <>
      <Switch
        label={t('profile.free_limit_label')}
        description={t('profile.free_limit_hint')}
        checked={checked}
        disabled={!preferences.data || save.isPending}
        onChange={(e) => save.mutate(e.currentTarget.checked)}
        data-testid="free-limit-switch"
      />
      {/* a failed read leaves the switch disabled, as the gravatar one: the page has its own errors to show */}
      <ErrorBanner error={save.error} />
    </>
  );
}
