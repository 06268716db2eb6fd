import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanRequest } from '@app/proto';

interface Props {
  /** which switch is asked for; null keeps the dialog closed */
  kind: PlanRequest | null;
  /** the group's name (its id until the group is read) */
  group: string;
  /** the request is on its way */
  pending: boolean;
  onClose: () => void;
  onConfirm: (kind: PlanRequest) => void;
}

/**
 * The dialogs of spec §2 plan selection for the switches that need no payment: switch to free and cancel
 * subscription. They name the group and say what happens (the plan's limits, the paid period, the 24-hour lock);
 * nothing is sent until the confirming button is pressed.
 */
export function PlanSwitchDialog({ kind, group, pending, onClose, onConfirm }: Props) {
  const { t } = useTranslation();
  // the last kind's texts stay while the dialog fades out (they would flip to the other dialog's)
  const [shown, setShown] = useState<PlanRequest>(kind ?? 'free');
  if (kind && kind !== shown) setShown(kind);
  const texts = shown === 'cancel' ? 'billing.select.cancel_dialog' : 'billing.select.free_dialog';
  return (
    <Modal opened={kind !== null} onClose={onClose} title={t(`${texts}.title`, { group })} centered data-testid={`${shown}-dialog`}>
      <Stack gap="sm">
        <Text size="sm">{t(`${texts}.text`, { group })}</Text>
        <List size="sm" spacing={4}>
          {(t(`${texts}.facts`, { returnObjects: true }) as string[]).map((fact) => (
            <List.Item key={fact}>{fact}</List.Item>
          ))}
        </List>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} data-testid="keep-plan">
            {t('billing.select.keep')}
          </Button>
          <Button color={shown === 'cancel' ? 'red' : undefined} loading={pending} onClick={() => onConfirm(shown)} data-testid={`confirm-${shown}`}>
            {t(`${texts}.confirm`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
