import { Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserConfigurationDoc } from '@app/proto';
import { api } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';

// Whether the profile shows the user's Gravatar picture: a `gravatar` UserConfiguration (true/false), off unless the
// user turns it on, because showing it sends a hash of their e-mail address to gravatar.com. Off, the avatar shows
// their initials.

export const gravatarSettingKey = (userId: string) => ['user-configuration', userId, 'gravatar'] as const;

/** The user's `gravatar` setting document, or null when they never set it. */
export function useGravatarSetting(userId: string) {
  return useQuery({
    queryKey: gravatarSettingKey(userId),
    queryFn: async (): Promise<UserConfigurationDoc | null> => (await api.find(userId, { selector: { klass: 'UserConfiguration', key: 'gravatar' }, limit: 1 }))[0] ?? null,
    staleTime: 60_000,
  });
}

/** On only when the user turned it on (a missing or unreadable setting is off). */
export const gravatarOn = (setting: UserConfigurationDoc | null | undefined) => setting?.value === true;

export function GravatarSwitch({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setting = useGravatarSetting(userId);
  const save = useMutation({
    mutationFn: (value: boolean) => {
      const doc = setting.data;
      return doc
        ? api.call('PUT /{db}/{id}', { params: { db: userId, id: doc._id }, query: { rev: doc._rev }, body: { ...doc, value } })
        : api.call('POST /{db}', { params: { db: userId }, body: { klass: 'UserConfiguration', key: 'gravatar', value } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: gravatarSettingKey(userId) }),
  });
  const checked = save.isPending ? !!save.variables : gravatarOn(setting.data);
  return (
    <>
      <Switch
        label={t('profile.gravatar_label')}
        description={t('profile.gravatar_hint')}
        checked={checked}
        disabled={setting.isPending || save.isPending}
        onChange={(e) => save.mutate(e.currentTarget.checked)}
        data-testid="gravatar-switch"
      />
      <ErrorBanner error={save.error} />
    </>
  );
}
