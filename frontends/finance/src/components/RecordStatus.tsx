import { Badge, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MoneyHandler } from '../lib/api';
import type { MoneyDoc } from '../lib/records';

/** A record's state in whole words: Confirmed or Pending (spec §4), and Imported when its flag is on. */
export function RecordStatus({ doc }: { doc: MoneyDoc }) {
  const { t } = useTranslation('finance');
  return (
    <Group gap={4} wrap="wrap">
      <Badge size="sm" variant="light" color={doc.confirmed ? 'green' : 'yellow'} tt="none" data-testid="status-badge">
        {t(doc.confirmed ? 'status.confirmed' : 'status.pending')}
      </Badge>
      {doc.imported && (
        <Badge size="sm" variant="light" color="grape" tt="none" data-testid="imported-badge">
          {t('status.imported')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * The record's toggles: Confirm or Unconfirm (moves the wallet balances once, spec §4), and "Remove imported flag"
 * on an imported record. The service refuses a repeat with the spec's §8 reason, which the page shows.
 */
export function RecordActions({ doc, run, busy, size = 'compact-sm' }: { doc: MoneyDoc; run: (handler: MoneyHandler, doc: MoneyDoc) => void; busy: string | null; size?: 'compact-sm' | 'xs' }) {
  const { t } = useTranslation('finance');
  const toggle: MoneyHandler = doc.confirmed ? 'unconfirm' : 'confirm';
  return (
    <Group gap={4} wrap="wrap" className="no-print">
      <Button
        size={size}
        variant={doc.confirmed ? 'default' : 'light'}
        color={doc.confirmed ? undefined : 'green'}
        loading={busy === `${toggle}:${doc._id}`}
        disabled={!!busy}
        onClick={() => run(toggle, doc)}
        data-testid={`toggle-${doc._id}`}
      >
        {t(`actions.${toggle}`)}
      </Button>
      {doc.imported && (
        <Button size={size} variant="subtle" color="grape" loading={busy === `unimport:${doc._id}`} disabled={!!busy} onClick={() => run('unimport', doc)} data-testid={`unimport-${doc._id}`}>
          {t('actions.unimport')}
        </Button>
      )}
    </Group>
  );
}
