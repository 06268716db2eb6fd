import { Anchor, Loader, Text, Typography } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useItem } from '../../hooks/reader';
import { sanitizeHtml } from '../../lib/sanitize';
import { ErrorBanner } from '@app/module-kit';

// An article's pictures, tables and code fit the column on a phone; long words and addresses wrap.
const CONTENT_CSS = `
.reader-content { overflow-wrap: anywhere; max-width: 100%; }
.reader-content img, .reader-content video { max-width: 100%; height: auto; }
.reader-content pre { overflow-x: auto; max-width: 100%; }
.reader-content table { display: block; overflow-x: auto; max-width: 100%; }
`;

/** The content of an item as GET /{account_id}/{item_id} answers it (spec §7): HTML cleaned again here, or text. */
export function ItemContent({ accountId, id }: { accountId: string; id: string }) {
  const { t } = useTranslation('reader');
  const item = useItem(accountId, id);
  const doc = item.data;
  const html = useMemo(() => (doc?.content_type === 'html' && doc.content ? sanitizeHtml(doc.content) : ''), [doc?.content_type, doc?.content]);
  if (item.isPending) return <Loader size="sm" data-testid="item-content-loading" />;
  if (!doc) return <ErrorBanner error={item.error} onRetry={() => void item.refetch()} retrying={item.isFetching} />;
  const text = doc.content_type === 'html' ? html : (doc.content ?? '');
  return (
    <div data-testid="item-content">
      <style href="reader-item-content" precedence="default">
        {CONTENT_CSS}
      </style>
      {!text.trim() ? (
        <Text size="sm" c="dimmed">
          {doc.summary?.trim() || t('items.no_content')}{' '}
          {doc.url && (
            <Anchor href={doc.url} target="_blank" rel="noopener noreferrer" size="sm">
              {t('items.read_original')}
            </Anchor>
          )}
        </Text>
      ) : doc.content_type === 'html' ? (
        <Typography className="reader-content">
          <div dangerouslySetInnerHTML={{ __html: html }} />
        </Typography>
      ) : (
        <Text className="reader-content" style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </Text>
      )}
    </div>
  );
}
