import type { CloudFileDoc } from '@app/proto';
import { Box, Button, Group, Image, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DiskModal } from '../../components/DiskModal';
import { fileUrl } from '../../lib/api';
import { previewKind } from '../../lib/files';
import { useRoute } from '../../routing';

/** A look at an image or a PDF without downloading it (the bytes inline from /files/…), and its download. */
export function PreviewModal({ opened, onClose, doc }: { opened: boolean; onClose: () => void; doc: CloudFileDoc }) {
  const { t } = useTranslation('disk');
  const { accountId } = useRoute();
  const kind = previewKind(doc);
  const src = fileUrl(accountId, doc._id);
  return (
    <DiskModal opened={opened} onClose={onClose} title={doc.name} size="auto" styles={{ title: { overflowWrap: 'anywhere' } }}>
      {opened && (
        <Stack>
          {kind === 'image' && <Image src={src} alt={doc.name ?? ''} fit="contain" mah="75vh" maw="100%" data-testid="preview-image" />}
          {kind === 'pdf' && (
            <Box
              component="iframe"
              src={src}
              title={doc.name ?? ''}
              data-testid="preview-pdf"
              style={{ width: 'min(900px, 100%)', minWidth: 'min(900px, calc(100vw - 64px))', height: '75vh', border: 0 }}
            />
          )}
          <Group justify="flex-end">
            <Button component="a" href={fileUrl(accountId, doc._id, { download: true })} download={doc.name} variant="default">
              {t('actions.download')}
            </Button>
          </Group>
        </Stack>
      )}
    </DiskModal>
  );
}
