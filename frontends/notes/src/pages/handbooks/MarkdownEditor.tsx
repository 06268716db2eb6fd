import { ActionIcon, Box, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { usePhone } from '@app/ui';
import { useEffect, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../components/SafeHtml';
import { handbooks } from '../../lib/api';
import type { ContentType } from '../../lib/handbook-form';
import { applyEditTo, MARK_KEYS, markEdit, MARKS, pasteLinkEdit, type Edit, type Mark } from '../../lib/markdown-edit';
import { ErrorBanner } from '@app/module-kit';

/** How long the text must rest before the preview is asked for. */
export const PREVIEW_DELAY_MS = 400;

/** The service's rendering of the text being written, asked again once the text rests (earlier asks are abandoned). */
export function usePreview(accountId: string, content: string, contentType: ContentType) {
  const [state, setState] = useState<{ html: string; error: unknown; loading: boolean }>({ html: '', error: null, loading: false });
  useEffect(() => {
    if (!content.trim()) {
      setState({ html: '', error: null, loading: false });
      return;
    }
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      handbooks
        .preview(accountId, content, contentType, abort.signal)
        .then((html) => setState({ html, error: null, loading: false }))
        .catch((error: unknown) => {
          if ((error as Error)?.name !== 'AbortError') setState((s) => ({ ...s, error, loading: false }));
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [accountId, content, contentType]);
  return state;
}

// the toolbar's icons: small inline SVGs (no icon package in this remote)
const ICONS: Record<Mark, string> = {
  bold: 'M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z',
  italic: 'M11 5h6M7 19h6M14 5l-4 14',
  heading: 'M6 5v14M18 5v14M6 12h12',
  bulleted: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  numbered: 'M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M3.5 14.5a1.5 1.5 0 1 1 2.6 1L4 18h3',
  quote: 'M6 17c-1.5 0-2-1.2-2-3 0-3 1.5-6 5-7M15 17c-1.5 0-2-1.2-2-3 0-3 1.5-6 5-7',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  code: 'M8 8l-4 4 4 4M16 8l4 4-4 4',
  table: 'M4 5h16v14H4zM4 10h16M4 15h16M10 5v14',
};

function Icon({ path }: { path: string }) {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d={path} />
    </svg>
  );
}

/** Replaces [from, to) through the browser's insertText (its undo history keeps the change); false where it has none. */
function insertNatively(el: HTMLTextAreaElement, edit: Edit): boolean {
  el.focus();
  el.setSelectionRange(edit.from, edit.to);
  try {
    return typeof document.execCommand === 'function' && document.execCommand('insertText', false, edit.insert);
  } catch {
    return false;
  }
}

export interface MarkdownEditorProps {
  accountId: string;
  value: string;
  onChange: (value: string) => void;
  contentType: ContentType;
  error?: string;
}

/**
 * The content editor: a toolbar of the common marks (markdown only; Ctrl/⌘ + B, I, K, E too), the text, and beside it
 * (under a Write/Preview switch on a phone) the preview the service renders, asked for once typing rests. A URL pasted
 * over selected text makes a link of it.
 */
export function MarkdownEditor({ accountId, value, onChange, contentType, error }: MarkdownEditorProps) {
  const { t } = useTranslation('notes');
  const phone = usePhone();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const area = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | null>(null);
  const preview = usePreview(accountId, value, contentType);
  const markdown = contentType === 'markdown';
  const words = { text: t('editor.placeholder_text'), url: 'https://', column: t('editor.placeholder_column'), code: t('editor.placeholder_code') };

  // a selection asked for by an edit, once the text holding it is on screen
  useLayoutEffect(() => {
    const sel = pendingSelection.current;
    const el = area.current;
    if (!sel || !el) return;
    pendingSelection.current = null;
    el.focus();
    el.setSelectionRange(sel[0], sel[1]);
  }, [value]);

  const apply = (edit: Edit) => {
    const el = area.current;
    if (!el) return;
    const expected = applyEditTo(el.value, edit);
    pendingSelection.current = [edit.selStart, edit.selEnd];
    if (!insertNatively(el, edit) || el.value !== expected) onChange(expected);
    // the browser's insert may leave the value as it was in React's eyes: the selection is set now too
    if (el.value === expected) el.setSelectionRange(edit.selStart, edit.selEnd);
  };
  const mark = (m: Mark) => {
    const el = area.current;
    if (!el || !markdown) return;
    apply(markEdit(m, el.value, el.selectionStart, el.selectionEnd, words));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const m = MARK_KEYS[event.key.toLowerCase()];
    if (!m || !markdown) return;
    event.preventDefault();
    mark(m);
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const el = area.current;
    if (!el || !markdown) return;
    const edit = pasteLinkEdit(el.value, el.selectionStart, el.selectionEnd, event.clipboardData.getData('text/plain'));
    if (!edit) return;
    event.preventDefault();
    apply(edit);
  };

  const toolbar = (
    <Group gap={2} wrap="wrap" role="toolbar" aria-label={t('editor.toolbar')} data-testid="editor-toolbar">
      {MARKS.map((m) => (
        <Tooltip key={m} label={t(`editor.marks.${m}`)} withinPortal openDelay={400}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="md"
            aria-label={t(`editor.marks.${m}`)}
            disabled={!markdown}
            // the text keeps its selection while the button is pressed
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => mark(m)}
            data-mark={m}
          >
            <Icon path={ICONS[m]} />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
  const writer = (
    <Textarea
      ref={area}
      label={t('fields.content')}
      name="content"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      autosize
      minRows={phone ? 10 : 16}
      maxRows={phone ? 20 : 32}
      error={error}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' } }}
      data-testid="content-input"
      description={markdown ? t('editor.hint_markdown') : t('editor.hint_text')}
    />
  );
  const shown = (
    <Stack gap={4} miw={0}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {t('editor.preview')}
        </Text>
        {preview.loading && <Loader size="xs" aria-label={t('common.loading')} />}
      </Group>
      <ErrorBanner error={preview.error} />
      <Paper withBorder radius="sm" p="sm" mih={120} style={{ overflow: 'auto', maxHeight: phone ? undefined : 720 }} data-testid="editor-preview">
        {preview.html.trim() ? (
          <SafeHtml html={preview.html} testId="preview-content" openInAppLinksInNewTab />
        ) : (
          <Text size="sm" c="dimmed">
            {t('editor.preview_empty')}
          </Text>
        )}
      </Paper>
    </Stack>
  );
  return (
    <Stack gap="xs">
      {toolbar}
      {phone ? (
        <>
          <SegmentedControl
            size="xs"
            value={tab}
            onChange={(v) => setTab(v as 'write' | 'preview')}
            data={[
              { value: 'write', label: t('editor.write') },
              { value: 'preview', label: t('editor.preview') },
            ]}
          />
          <Box display={tab === 'write' ? undefined : 'none'}>{writer}</Box>
          {tab === 'preview' && shown}
        </>
      ) : (
        <SimpleGrid cols={2} spacing="md">
          {writer}
          {shown}
        </SimpleGrid>
      )}
    </Stack>
  );
}
