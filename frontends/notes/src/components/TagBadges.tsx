import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Tags as badges (spec §5); a dash when there are none. With `onPick`, each tag is a button (a filter). */
export function TagBadges({ tags, size = 'sm', onPick }: { tags: readonly string[] | undefined | null; size?: 'xs' | 'sm'; onPick?: (tag: string) => void }) {
  const { t } = useTranslation('notes');
  if (!tags?.length)
    return (
      <Text span c="dimmed" size={size}>
        {t('common.none')}
      </Text>
    );
  return (
    <Group gap={4} wrap="wrap" data-testid="tags">
      {tags.map((tag) => (
        <Badge
          key={tag}
          size={size}
          variant="light"
          color="gray"
          tt="none"
          style={{ maxWidth: '100%', cursor: onPick ? 'pointer' : undefined }}
          {...(onPick ? { component: 'button' as const, type: 'button', onClick: () => onPick(tag), 'data-tag': tag } : {})}
        >
          {tag}
        </Badge>
      ))}
    </Group>
  );
}
