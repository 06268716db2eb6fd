import { Box, Typography } from '@mantine/core';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { sanitizeContent, sanitizeSnippet } from '../lib/sanitize';

/**
 * A handbook's HTML (from the service, sanitized there) cleaned again in the browser before it is inserted
 * (lib/sanitize.ts). A click on a link to a path of this site (`/account/…/handbooks/<slug>`) moves inside the app
 * instead of loading the page again; other links open in a new tab. In the editor's preview an in-app link opens in a
 * new tab too (`openInAppLinksInNewTab`): following it there would leave the text being written.
 */
export function SafeHtml({ html, testId = 'handbook-content', openInAppLinksInNewTab = false }: { html: string; testId?: string; openInAppLinksInNewTab?: boolean }) {
  const navigate = useNavigate();
  const clean = useMemo(() => sanitizeContent(html), [html]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest?.('a[data-in-app]');
    const href = link?.getAttribute('href');
    if (!href) return;
    event.preventDefault();
    if (openInAppLinksInNewTab) window.open(href, '_blank', 'noopener');
    else navigate(href);
  };
  return (
    <Typography>
      <Box className="notes-content" data-testid={testId} onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} style={{ overflowWrap: 'anywhere' }} />
    </Typography>
  );
}

/** A search snippet: escaped text whose matched words are in <mark>, cleaned to keep only those. */
export function Snippet({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeSnippet(html), [html]);
  return <Box component="span" data-testid="snippet" dangerouslySetInnerHTML={{ __html: clean }} style={{ overflowWrap: 'anywhere' }} />;
}
