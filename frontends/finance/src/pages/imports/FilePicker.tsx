import { Button, FileButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

const ACCEPT = '.csv,.txt,text/csv,text/plain,application/vnd.ms-excel';

/**
 * The statement file: a button that opens the file chooser, or a file dropped on the area (the first one). The file
 * is sent as soon as it is chosen; while the server reads it the area says so.
 */
export function FilePicker({ fileName, busy, onFile }: { fileName: string | null; busy: boolean; onFile: (file: File) => void }) {
  const { t } = useTranslation('finance');
  const [over, setOver] = useState(false);
  const dragOver = (e: DragEvent) => {
    e.preventDefault();
    setOver(true);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer?.files?.[0];
    if (file) onFile(file);
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('imports.file')}
      </Text>
      <Paper
        withBorder
        radius="md"
        p="sm"
        onDragOver={dragOver}
        onDragEnter={dragOver}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="statement-drop"
        data-over={over || undefined}
        style={{ borderStyle: 'dashed', borderWidth: 2, background: over ? 'var(--mantine-color-blue-light)' : undefined }}
      >
        <Group gap="sm" wrap="wrap">
          <FileButton onChange={(file) => file && onFile(file)} accept={ACCEPT} inputProps={{ 'data-testid': 'statement-input' } as object}>
            {(props) => (
              <Button {...props} size="xs" variant="light" disabled={busy}>
                {fileName ? t('imports.another_file') : t('imports.choose_file')}
              </Button>
            )}
          </FileButton>
          {busy ? (
            <Group gap={6}>
              <Loader size="xs" />
              <Text size="sm" c="dimmed" data-testid="statement-reading">
                {t('imports.reading', { name: fileName })}
              </Text>
            </Group>
          ) : (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="statement-name">
              {fileName ?? t('imports.drop')}
            </Text>
          )}
        </Group>
      </Paper>
    </Stack>
  );
}
