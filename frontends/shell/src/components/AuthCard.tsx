import { Anchor, Center, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The frame of the public screens: the product name and one card. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md">
      <Stack w="100%" maw={420} gap="md">
        <Anchor component={Link} to="/user/login" underline="never" ta="center" fw={700} fz="xl">
          {t('app.name')}
        </Anchor>
        <Paper withBorder shadow="sm" radius="md" p="lg">
          <Title order={2} size="h3" mb="md">
            {title}
          </Title>
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
