import { Alert, Button, Modal } from '@mantine/core';
import { ConfirmDialog, type ConfirmDialogProps } from '@app/ui';

const PARTS = { Modal, Button, Alert };

/** The app's confirm dialog (@app/ui ConfirmDialog) drawn with Mantine: asked before a record or ticket is deleted. */
export function DeleteDialog(props: Omit<ConfirmDialogProps, 'parts'>) {
  return <ConfirmDialog parts={PARTS} {...props} />;
}
