import type { HandbookDoc } from '@app/proto';
import { Alert, Button, Group, Modal, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DiffView } from '../../components/DiffView';
import { SafeHtml } from '../../components/SafeHtml';
import { formatDateTime } from '../../lib/format';
import type { HandbookValues } from '../../lib/handbook-form';

/**
 * A save refused because someone else saved the page after it was opened (409): both versions, theirs as the server
 * has it now and the one being written, and how they differ. Nothing is overwritten: the writer keeps theirs (leaves the
 * editor) or reloads theirs into the editor, with their own text kept beside it to copy from.
 */
export function ConflictDialog({
  theirs,
  mine,
  who,
  onKeepTheirs,
  onReload,
  onClose,
}: {
  theirs: HandbookDoc;
  mine: HandbookValues;
  who: string | undefined;
  onKeepTheirs: () => void;
  onReload: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('notes');
  return (
    <Modal opened onClose={onClose} title={t('conflict.title')} size="xl" centered data-testid="conflict-dialog">
      <Stack gap="sm">
        <Alert color="orange" variant="light" role="alert">
          {t('conflict.text', { who: who ?? t('conflict.someone'), when: formatDateTime(theirs.updated_at, i18n.language) })}
        </Alert>
        <Tabs defaultValue="diff" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="diff">{t('conflict.differences')}</Tabs.Tab>
            <Tabs.Tab value="theirs">{t('conflict.theirs')}</Tabs.Tab>
            <Tabs.Tab value="mine">{t('conflict.mine')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="diff" pt="xs">
            <ScrollArea.Autosize mah={360}>
              {theirs.title !== mine.title.trim() && (
                <Text size="sm" mb="xs" data-testid="conflict-titles">
                  {t('conflict.titles', { theirs: theirs.title, mine: mine.title.trim() })}
                </Text>
              )}
              {!!theirs.uri && !!mine.uri.trim() && theirs.uri !== mine.uri.trim() && (
                <Text size="sm" mb="xs" data-testid="conflict-addresses" style={{ overflowWrap: 'anywhere' }}>
                  {t('conflict.addresses', { theirs: theirs.uri, mine: mine.uri.trim() })}
                </Text>
              )}
              <DiffView before={theirs.content ?? ''} after={mine.content} testId="conflict-diff" />
            </ScrollArea.Autosize>
          </Tabs.Panel>
          <Tabs.Panel value="theirs" pt="xs">
            <ScrollArea.Autosize mah={360}>
              <Text fw={600} mb={4}>
                {theirs.title}
              </Text>
              {theirs.content_html !== undefined ? (
                <SafeHtml html={theirs.content_html} testId="conflict-theirs" openInAppLinksInNewTab />
              ) : (
                <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="conflict-theirs">
                  {theirs.content}
                </Text>
              )}
            </ScrollArea.Autosize>
          </Tabs.Panel>
          <Tabs.Panel value="mine" pt="xs">
            <ScrollArea.Autosize mah={360}>
              <Text fw={600} mb={4}>
                {mine.title}
              </Text>
              <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="conflict-mine">
                {mine.content}
              </Text>
            </ScrollArea.Autosize>
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end" gap="xs" wrap="wrap">
          <Button variant="default" onClick={onKeepTheirs} data-testid="keep-theirs">
            {t('conflict.keep_theirs')}
          </Button>
          <Button onClick={onReload} data-testid="reload-theirs">
            {t('conflict.reload')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
