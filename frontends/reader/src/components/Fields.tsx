import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A record's fields, label over value, in a grid of one column on a phone and up to three wider. */
export function Fields({ items, testid }: { items: Array<[string, ReactNode]>; testid?: string }) {
  const { t } = useTranslation('reader');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} data-testid={testid}>
      {items.map(([name, value]) => (
        <div key={name} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {t(`fields.${name}`)}
          </Text>
          <div data-testid={`field-${name}`} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </div>
        </div>
      ))}
    </SimpleGrid>
  );
}
