import { Alert, Button, Group, Modal, Stack, Switch } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NOTIFICATION_FLAGS, SubscriptionDoc } from '@app/proto';
import { api } from '../../app/api';
import { ErrorBanner } from '../ErrorBanner';

// proto's list, written out so the profile page bundles none of proto's schemas (the compiler checks they agree)
export const FLAGS = ['all_notifications', 'ticket_created', 'comment_created'] as const satisfies typeof NOTIFICATION_FLAGS;
type Flag = (typeof FLAGS)[number];
export type Flags = Record<Flag, boolean>;

interface Props {
  opened: boolean;
  onClose: () => void;
  membership: Pick<SubscriptionDoc, '_id' | '_rev' | 'account_id' | 'account_name'> & Partial<Flags>;
}

/** Edits the membership's three notification flags: PUT /{account_id}/{subscription_id}?rev= (spec §2, §7). */
export function NotificationsModal({ opened, onClose, membership }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const initial = (): Flags => ({
    all_notifications: !!membership.all_notifications,
    ticket_created: !!membership.ticket_created,
    comment_created: !!membership.comment_created,
  });
  const [flags, setFlags] = useState<Flags>(initial);
  // each opening starts from the membership's current flags (the list is refetched after every save)
  useEffect(() => {
    if (opened) setFlags(initial());
    // only on opening: a membership refetched while the modal is open must not undo the user's changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  const save = useMutation({
    mutationFn: (body: Flags) =>
      api.call('PUT /{db}/{id}', { params: { db: membership.account_id, id: membership._id }, query: { rev: membership._rev }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile', 'memberships'] }),
  });
  const close = () => {
    save.reset();
    setFlags(initial());
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('profile.membership.notifications_title', { name: membership.account_name || membership.account_id })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(flags);
        }}
      >
        <Stack>
          <ErrorBanner error={save.error} />
          {save.isSuccess && <Alert color="green">{t('profile.membership.saved')}</Alert>}
          {FLAGS.map((flag) => (
            <Switch
              key={flag}
              label={t(`profile.membership.${flag}`)}
              checked={flags[flag]}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setFlags((f) => ({ ...f, [flag]: checked }));
              }}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('profile.membership.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
