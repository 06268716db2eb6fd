import { Alert, Button, Modal } from '@mantine/core';
import { ApiError, ConfirmDialog, errorBannerKeys, isApiError, type ConfirmDialogProps } from '@app/ui';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useModuleName } from '../frame/module-context';

const PARTS = { Modal, Button, Alert };

/**
 * A refusal said in the module's texts: the shared dialog translates with the shell's texts, which don't know a
 * module's reasons ("You cannot delete a confirmed Expense"), so they would stay English in pt-BR. The error keeps its
 * status; its title and reason become the translated sentences.
 */
export function localizedError(err: unknown, t: TFunction, module: string): unknown {
  if (!isApiError(err)) return err;
  const { title, detail } = errorBannerKeys(err);
  const tr = (key: string, text: string) => (key ? t(key, { ns: [module, 'translation'], defaultValue: text }) : text);
  return new ApiError(err.status, tr(title.key, title.text), detail ? tr(detail.key, detail.text) : err.reason);
}

/** The app's confirm dialog (@app/ui ConfirmDialog) drawn with Mantine, asked before a deletion; the service's refusal shows in it, in the user's language. */
export function DeleteDialog(props: Omit<ConfirmDialogProps, 'parts'>) {
  const module = useModuleName();
  const { t } = useTranslation(module);
  const onConfirm = () => props.onConfirm().catch((err: unknown) => Promise.reject(localizedError(err, t, module)));
  return <ConfirmDialog parts={PARTS} {...props} onConfirm={onConfirm} />;
}
