import { Alert, Button, Modal } from '@mantine/core';
import { ApiError, ConfirmDialog, errorBannerKeys, isApiError, type ConfirmDialogProps } from '@app/ui';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const PARTS = { Modal, Button, Alert };

/**
 * A refusal said in the notes texts: the shared dialog translates with the shell's texts only, so a reason of this
 * module would stay English in pt-BR. The error keeps its status; its title and reason become the translated sentences.
 */
export function localizedError(err: unknown, t: TFunction): unknown {
  if (!isApiError(err)) return err;
  const { title, detail } = errorBannerKeys(err);
  const tr = (key: string, text: string) => (key ? t(key, { ns: ['notes', 'translation'], defaultValue: text }) : text);
  return new ApiError(err.status, tr(title.key, title.text), detail ? tr(detail.key, detail.text) : err.reason);
}

/** The app's confirm dialog (@app/ui ConfirmDialog) drawn with Mantine: asked before a handbook or bookmark is deleted;
 * the service's refusal shows in it, in the user's language. */
export function DeleteDialog(props: Omit<ConfirmDialogProps, 'parts'>) {
  const { t } = useTranslation('notes');
  const onConfirm = () => props.onConfirm().catch((err: unknown) => Promise.reject(localizedError(err, t)));
  return <ConfirmDialog parts={PARTS} {...props} onConfirm={onConfirm} />;
}
