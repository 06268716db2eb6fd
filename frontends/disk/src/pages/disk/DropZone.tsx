import { Box, Text } from '@mantine/core';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * Files dropped on the listing upload into the folder shown (plain drag events: no dropzone package in the project).
 * A dropped folder can't be read as a file: it is left out and the screen says so.
 */
export function DropZone({ enabled, onFiles, onFolders, children }: { enabled: boolean; onFiles: (files: File[]) => void; onFolders: () => void; children: ReactNode }) {
  const { t } = useTranslation('disk');
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them so the outline stays while inside
  const depth = useRef(0);
  if (!enabled) return <>{children}</>;
  const onDragEnter = (e: DragEvent) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    depth.current += 1;
    setOver(true);
  };
  const onDragOver = (e: DragEvent) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    depth.current = 0;
    setOver(false);
    const files = Array.from(e.dataTransfer?.files ?? []);
    const items = Array.from(e.dataTransfer?.items ?? []);
    // a folder shows up as a file entry; the items say which entries are folders (when the browser tells)
    const folders = new Set<number>();
    items.forEach((item, i) => {
      const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
      if (entry?.isDirectory) folders.add(i);
    });
    onFiles(files.filter((_, i) => !folders.has(i)));
    if (folders.size) onFolders();
  };
  return (
    <Box
      pos="relative"
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-testid="drop-zone"
      data-over={over || undefined}
      style={{ borderRadius: 'var(--mantine-radius-md)', outline: over ? '2px dashed var(--mantine-color-blue-6)' : undefined, outlineOffset: 2 }}
    >
      {children}
      {over && (
        <Box
          pos="absolute"
          inset={0}
          style={{ background: 'color-mix(in srgb, var(--mantine-color-blue-1) 85%, transparent)', borderRadius: 'var(--mantine-radius-md)', display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}
        >
          <Text fw={600} c="blue.8">
            {t('upload.drop_here')}
          </Text>
        </Box>
      )}
      <Text size="xs" c="dimmed" mt={4} visibleFrom="sm">
        {t('upload.drop_hint')}
      </Text>
    </Box>
  );
}
