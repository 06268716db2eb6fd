import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PLAN_ICONS, PlanIcon } from '@app/ui';
import { PublicFrame } from './PublicFrame';


// A few app icons (24×24 stroke paths).
const APP_ICONS = {
  ticket: 'M4 7h16v4a2 2 0 000 4v4H4v-4a2 2 0 000-4zM14 7v12',
  finance: 'M3 7h18v12H3zM3 11h18M16 15h2',
  disk: 'M4 6h6l2 2h8v11H4z',
  notes: 'M6 3h9l4 4v14H6zM9 11h7M9 15h7',
  reader: 'M5 19a1 1 0 100-2 1 1 0 000 2zM4 11a9 9 0 019 9M4 4a16 16 0 0116 16',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  settings: 'M12 15a3 3 0 100-6 3 3 0 000 6zM12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M5 19l2-2M17 7l2-2',
  bell: 'M6 17V11a6 6 0 0112 0v6l2 2H4zM10 21h4',
} as const;

/** The icons page: the plan icons and the app icons in a grid. */
export default function IconsPage() {
  const { t } = useTranslation();
  const cell = (key: string, icon: React.ReactNode, label: string) => (
    <Card key={key} withBorder radius="md" padding="md" data-testid="icon">
      <Stack align="center" gap="xs">
        {icon}
        <Text size="sm">{label}</Text>
      </Stack>
    </Card>
  );
  return (
    <PublicFrame>
      <Container size="md" py="xl">
        <Stack gap="lg">
          <Title order={1}>{t('public.icons.title')}</Title>
          <Title order={2} size="h4">
            {t('public.icons.plans')}
          </Title>
          <SimpleGrid cols={{ base: 2, xs: 4 }}>{PLAN_ICONS.map((kind) => cell(kind, <PlanIcon plan={kind} size={40} />, t(`plan.${kind}`)))}</SimpleGrid>
          <Title order={2} size="h4">
            {t('public.icons.app')}
          </Title>
          <SimpleGrid cols={{ base: 2, xs: 4 }}>
            {(Object.keys(APP_ICONS) as (keyof typeof APP_ICONS)[]).map((key) =>
              cell(
                key,
                <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
                  <svg width={24} height={24} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
                    <path d={APP_ICONS[key]} />
                  </svg>
                </ThemeIcon>,
                t(`public.icons.names.${key}`),
              ),
            )}
          </SimpleGrid>
        </Stack>
      </Container>
    </PublicFrame>
  );
}
