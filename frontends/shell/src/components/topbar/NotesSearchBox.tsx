import { ActionIcon, Box, Popover, TextInput } from '@mantine/core';
import { PHONE_BREAKPOINT, toLanguage } from '@app/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

// The notes module's search box in the top bar (issue 16: a search box in the notes menu): Enter opens the notes
// remote's search page, /account/{account}/notes-search?q=…; on the search page the box shows the words searched. On a
// phone it is a magnifier that opens the box under it. The texts fall back to these when the shell's catalogue has no
// `nav.notes_search*` keys.
const TEXTS = {
  en: { label: 'Search notes', placeholder: 'Search handbooks and bookmarks' },
  'pt-BR': { label: 'Buscar nas notas', placeholder: 'Buscar nos manuais e favoritos' },
} as const;

export function notesSearchPath(accountId: string, words: string): string {
  return `/account/${encodeURIComponent(accountId)}/notes-search?q=${encodeURIComponent(words.trim())}`;
}

function MagnifierIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden>
      <circle cx={11} cy={11} r={7} />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}

export function NotesSearchBox({ accountId }: { accountId: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [opened, setOpened] = useState(false);
  const onSearchPage = pathname === `/account/${accountId}/notes-search` || pathname === `/account/${encodeURIComponent(accountId)}/notes-search`;
  const searched = onSearchPage ? (new URLSearchParams(search).get('q') ?? '') : '';
  const [words, setWords] = useState(searched);
  // the words of the search page being shown (Back, a search made there)
  useEffect(() => setWords(searched), [searched]);
  const texts = TEXTS[toLanguage(i18n.language)];
  const label = t('nav.notes_search', { defaultValue: texts.label });
  const placeholder = t('nav.notes_search_placeholder', { defaultValue: texts.placeholder });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!words.trim()) return;
    setOpened(false);
    navigate(notesSearchPath(accountId, words));
  };
  const input = (autoFocus: boolean) => (
    <form role="search" aria-label={label} onSubmit={submit}>
      <TextInput
        type="search"
        size="xs"
        aria-label={label}
        placeholder={placeholder}
        value={words}
        onChange={(e) => setWords(e.currentTarget.value)}
        leftSection={<MagnifierIcon />}
        w={{ base: 260, md: 220, lg: 260 }}
        autoFocus={autoFocus}
        data-testid="notes-search-box"
      />
    </form>
  );
  return (
    <>
      <Box visibleFrom={PHONE_BREAKPOINT} className="no-print" style={{ flexShrink: 0 }}>
        {input(false)}
      </Box>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal trapFocus>
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" hiddenFrom={PHONE_BREAKPOINT} aria-label={label} onClick={() => setOpened((o) => !o)} data-testid="notes-search-open">
            <MagnifierIcon />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>{input(true)}</Popover.Dropdown>
      </Popover>
    </>
  );
}
