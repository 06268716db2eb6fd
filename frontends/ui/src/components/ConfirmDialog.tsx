import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorBannerKeys } from '../errors/banner-keys';

// The app's one dialog before a deletion (a record, a phone, an address, a member), instead of the browser's
// confirm(): a title, the record's name in the message, Cancel and a red button, busy while the deletion runs, the
// error in the dialog when it fails. @app/ui does not depend on Mantine, so the caller passes Mantine's Modal, Button
// and Alert (`parts={{ Modal, Button, Alert }}`), as MoneyInput takes its TextInput; this file holds what the dialog
// says and does.

/** What the drawing Modal receives (a subset of Mantine's Modal props). */
export interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  centered: boolean;
  closeOnEscape: boolean;
  closeOnClickOutside: boolean;
  withCloseButton: boolean;
  children?: ReactNode;
}

/** What the drawing Button receives (a subset of Mantine's Button props). */
export interface ConfirmButtonProps {
  onClick: () => void;
  color?: string;
  variant: 'filled' | 'default';
  loading?: boolean;
  disabled?: boolean;
  'data-autofocus'?: boolean;
  'data-testid'?: string;
  children?: ReactNode;
}

/** What the drawing Alert receives (a subset of Mantine's Alert props). */
export interface ConfirmAlertProps {
  color: string;
  variant: 'light';
  title: ReactNode;
  role: 'alert';
  children?: ReactNode;
}

export interface ConfirmDialogParts {
  Modal: ComponentType<ConfirmModalProps>;
  Button: ComponentType<ConfirmButtonProps>;
  Alert: ComponentType<ConfirmAlertProps>;
}

export interface ConfirmDialogProps {
  /** Mantine's Modal, Button and Alert */
  parts: ConfirmDialogParts;
  opened: boolean;
  /** the record's name or label, quoted in the message */
  name: string;
  /** default "Delete this record?" */
  title?: ReactNode;
  /** default "This deletes “name” for everyone in the group. It cannot be undone." */
  message?: ReactNode;
  /** the red button's word; default "Delete" */
  confirmLabel?: ReactNode;
  /** does the deletion: the dialog is busy until it settles, closes when it resolves and shows the error when it fails */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

export function ConfirmDialog({ parts: { Modal, Button, Alert }, opened, name, title, message, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // each opening starts clean: an earlier failure is not shown for another record
  useEffect(() => {
    if (opened) setError(null);
  }, [opened]);
  // a deletion under way is not abandoned half-seen: the dialog stays until it settles
  const close = () => {
    if (!busy) onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (err) {
      setError(err);
      return;
    } finally {
      setBusy(false);
    }
    onClose();
  };
  const shown = error ? errorBannerKeys(error) : null;
  const tr = (key: string, text: string) => (key ? t(key, { defaultValue: text }) : text);
  return (
    <Modal opened={opened} onClose={close} title={title ?? t('confirm_dialog.delete_title')} centered closeOnEscape={!busy} closeOnClickOutside={!busy} withCloseButton={!busy}>
      <p style={{ margin: 0, overflowWrap: 'anywhere' }} data-testid="confirm-dialog-message">
        {message ?? t('confirm_dialog.delete_message', { name })}
      </p>
      {shown && (
        <div style={{ marginTop: 'var(--mantine-spacing-sm, 12px)' }} data-testid="confirm-dialog-error">
          <Alert color="red" variant="light" title={tr(shown.title.key, shown.title.text)} role="alert">
            {shown.detail && tr(shown.detail.key, shown.detail.text)}
          </Alert>
        </div>
      )}
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 'var(--mantine-spacing-xs, 10px)', marginTop: 'var(--mantine-spacing-md, 16px)' }}>
        <Button variant="default" onClick={close} disabled={busy} data-autofocus data-testid="confirm-dialog-cancel">
          {t('confirm_dialog.cancel')}
        </Button>
        <Button variant="filled" color="red" onClick={() => void confirm()} loading={busy} data-testid="confirm-dialog-confirm">
          {confirmLabel ?? t('confirm_dialog.delete')}
        </Button>
      </div>
    </Modal>
  );
}
