import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { textDiff } from '../lib/text-diff';

const COLOURS = {
  added: { background: 'var(--mantine-color-green-light)', sign: '+' },
  removed: { background: 'var(--mantine-color-red-light)', sign: '−' },
  same: { background: 'transparent', sign: ' ' },
} as const;

/** Two versions of a text, line by line: removed lines in red (−), added in green (+), long unchanged runs folded. */
export function DiffView({ before, after, testId = 'diff' }: { before: string; after: string; testId?: string }) {
  const { t } = useTranslation('notes');
  const diff = useMemo(() => textDiff(before, after), [before, after]);
  if (!diff.added && !diff.removed)
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {t('diff.same')}
      </Text>
    );
  return (
    <Box data-testid={testId}>
      <Group gap="md" mb={4}>
        {/* a count of none is left out ("0 linha removida" reads wrong in Portuguese) */}
        {diff.added > 0 && (
          <Text size="xs" c="green.8" data-testid="diff-added">
            {t('diff.added', { count: diff.added })}
          </Text>
        )}
        {diff.removed > 0 && (
          <Text size="xs" c="red.8" data-testid="diff-removed">
            {t('diff.removed', { count: diff.removed })}
          </Text>
        )}
      </Group>
      <Box
        component="pre"
        m={0}
        p={0}
        style={{ fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)', border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, overflowX: 'auto' }}
      >
        {diff.lines.map((line, i) =>
          line.kind === 'fold' ? (
            <Box key={i} px="xs" c="dimmed" style={{ background: 'var(--mantine-color-default-hover)' }} data-line="fold">
              {t('diff.folded', { count: line.count })}
            </Box>
          ) : (
            <Box
              key={i}
              px="xs"
              data-line={line.kind}
              style={{ background: COLOURS[line.kind].background, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              <span aria-hidden style={{ userSelect: 'none', opacity: 0.6 }}>
                {COLOURS[line.kind].sign}{' '}
              </span>
              {line.kind !== 'same' && <VisuallyHidden>{t(`diff.${line.kind}_line`)} </VisuallyHidden>}
              {line.text || ' '}
            </Box>
          ),
        )}
      </Box>
    </Box>
  );
}
