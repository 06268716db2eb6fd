import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Categories as badges (spec §5 tags); a dash when there are none. */
export function TagBadges({ tags, size = 'sm' }: { tags: readonly string[] | undefined | null; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('finance');
  if (!tags?.length)
    return (
      <Text span c="dimmed" size={size}>
        {t('common.none')}
      </Text>
    );
  return (
    <Group gap={4} wrap="wrap" data-testid="tags">
      {tags.map((tag) => (
        <Badge key={tag} size={size} variant="light" color="gray" tt="none" style={{ maxWidth: '100%' }}>
          {tag}
        </Badge>
      ))}
    </Group>
  );
}
