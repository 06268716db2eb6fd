import { Modal, type ModalProps } from '@mantine/core';
import { usePhone } from '@app/ui';

/** The disk's dialogs: the whole screen on a phone (nothing to scroll sideways), centred otherwise. */
export function DiskModal(props: ModalProps) {
  const phone = usePhone();
  return <Modal centered={!phone} fullScreen={phone} size="lg" {...props} />;
}
