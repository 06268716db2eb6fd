import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A screen's title row: optional breadcrumb back to the list, the title and the screen's buttons. */
export function PageHeader({ title, back, actions, badge }: { title: ReactNode; back?: { to: string; label: string }; actions?: ReactNode; badge?: ReactNode }) {
  return (
    <Stack gap={4}>
      {back && (
        <Breadcrumbs className="no-print">
          {/* Breadcrumbs set line-height 1: a cut-off line would crop accents (Ó looked like O) */}
          <Anchor component={Link} to={back.to} size="sm" lh={1.6}>
            {back.label}
          </Anchor>
          <Text size="sm" truncate="end" maw={300} lh={1.6}>
            {title}
          </Text>
        </Breadcrumbs>
      )}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" miw={0}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {badge}
        </Group>
        {actions && (
          <Group gap="xs" className="no-print">
            {actions}
          </Group>
        )}
      </Group>
    </Stack>
  );
}
