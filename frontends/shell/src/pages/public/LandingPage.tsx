import { Accordion, Badge, Box, Button, Card, Container, Group, List, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlanIcon } from '@app/ui';
import { isDeployed, useDeployedModules } from '../../modules/deployed-modules';
import { useBillingConfig, usePrices } from '../billing/billing-api';
import { formatDollars } from '../billing/billing-rules';
import { FAQ_COUNT, FEATURE_MODULES, FEATURES, PLANS, SCREENSHOTS, STORED_PRICE_PLANS } from './landing';
import { PublicFrame } from './PublicFrame';

/** Whether a feature or screenshot shows a module that is not deployed yet (then it is marked coming soon). */
function useComing(): (key: keyof typeof FEATURE_MODULES) => boolean {
  const deployed = useDeployedModules();
  return (key) => {
    const module = FEATURE_MODULES[key];
    return !!module && !isDeployed(module, deployed);
  };
}

function ComingBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color="gray" size="sm" data-testid="coming-soon" style={{ flexShrink: 0 }}>
      {t('public.coming.badge')}
    </Badge>
  );
}

/** An illustrative screen (no image): a few lines and bars in the screen's spirit. */
function ScreenCard({ kind, coming }: { kind: (typeof SCREENSHOTS)[number]; coming: boolean }) {
  const { t } = useTranslation();
  const line = (w: string, key: number) => <Box key={key} h={8} w={w} bg="var(--mantine-color-default-border)" style={{ borderRadius: 4 }} />;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="screenshot">
      <Group gap={6} mb="xs" aria-hidden>
        {['red', 'yellow', 'green'].map((c) => (
          <Box key={c} w={10} h={10} bg={`${c}.5`} style={{ borderRadius: '50%' }} />
        ))}
      </Group>
      <Paper bg="var(--mantine-color-default-hover)" p="sm" radius="sm" h={150} aria-hidden>
        {kind === 'dashboard' && (
          <Stack gap="xs">
            <Progress.Root size="lg">
              <Progress.Section value={30} color="red" />
              <Progress.Section value={45} color="yellow" />
              <Progress.Section value={25} color="green" />
            </Progress.Root>
            {['80%', '65%', '72%', '50%'].map(line)}
          </Stack>
        )}
        {kind === 'tickets' && (
          <Stack gap={8}>
            {(['red', 'yellow', 'green', 'yellow', 'gray'] as const).map((c, i) => (
              <Group key={i} gap="xs" wrap="nowrap">
                <Box w={10} h={10} bg={`${c}.6`} style={{ borderRadius: 2, flex: 'none' }} />
                {line(`${55 + ((i * 13) % 35)}%`, i)}
              </Group>
            ))}
          </Stack>
        )}
        {kind === 'finance' && (
          <Group align="flex-end" h="100%" gap="xs" wrap="nowrap">
            {[40, 70, 55, 90, 35, 60, 80].map((h, i) => (
              <Box key={i} h={`${h}%`} bg={i % 2 ? 'teal.5' : 'blue.5'} style={{ flex: 1, borderRadius: 3 }} />
            ))}
          </Group>
        )}
      </Paper>
      <Group gap="xs" mt="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Text size="sm">{t(`public.screenshots.${kind}`)}</Text>
        {coming && <ComingBadge />}
      </Group>
    </Card>
  );
}

/** The landing page (spec §2), at /welcome: GET / is the API's version endpoint. */
export default function LandingPage() {
  const { t, i18n } = useTranslation();
  const coming = useComing();
  const comingNames = FEATURES.filter(coming).map((key) => t(`public.features.${key}.title`));
  // the stored plan prices, as the plan page shows them (one source: the price list the checkout charges)
  const config = useBillingConfig();
  const prices = usePrices(config.data?.livemode);
  const stored = (plan: string) => prices.data?.find((p) => p.group_plan === plan)?.unit_amount;
  const priceText = (plan: (typeof PLANS)[number]['key']) => {
    if (!(STORED_PRICE_PLANS as readonly string[]).includes(plan)) return t(`public.pricing.${plan}.price`);
    const cents = stored(plan);
    if (cents === undefined) return prices.isError || config.isError ? '—' : '…';
    return plan === 'free' ? formatDollars(cents, i18n.language) : `${formatDollars(cents, i18n.language)} ${t(`public.pricing.${plan}.unit`)}`;
  };
  return (
    <PublicFrame>
      <Box component="section" py={56} bg="var(--mantine-color-default-hover)" aria-labelledby="welcome-hero">
        <Container size="md">
          <Stack align="center" ta="center" gap="lg">
            <Title id="welcome-hero" order={1} fz={{ base: 30, sm: 44 }}>
              {t('public.hero.title')}
            </Title>
            <Text size="lg" c="dimmed" maw={680}>
              {comingNames.length ? t('public.hero.pitch_core') : t('public.hero.pitch')}
            </Text>
            {comingNames.length > 0 && (
              <Text size="sm" c="dimmed" maw={680} data-testid="coming-list">
                {t('public.coming.list', { modules: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(comingNames) })}
              </Text>
            )}
            <Group justify="center">
              <Button component={Link} to="/user/register" size="md">
                {t('public.hero.start')}
              </Button>
              <Button component={Link} to="/user/login" size="md" variant="default">
                {t('public.hero.login')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py="xl">
        <Stack gap={48}>
          <Box component="section" aria-labelledby="welcome-features">
            <Title id="welcome-features" order={2} mb="md">
              {t('public.features.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              {FEATURES.map((key) => (
                <Card key={key} withBorder radius="md" data-testid="feature" data-feature={key} data-coming={coming(key) || undefined}>
                  <Group gap="xs" justify="space-between" align="flex-start" wrap="nowrap">
                    <Text fw={600} c={coming(key) ? 'dimmed' : undefined}>
                      {t(`public.features.${key}.title`)}
                    </Text>
                    {coming(key) && <ComingBadge />}
                  </Group>
                  <Text size="sm" c="dimmed" mt={4}>
                    {t(`public.features.${key}.text`)}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Box>

          <Box component="section" aria-labelledby="welcome-screens">
            <Title id="welcome-screens" order={2}>
              {t('public.screenshots.title')}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {t('public.screenshots.note')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {SCREENSHOTS.map((kind) => (
                <ScreenCard key={kind} kind={kind} coming={coming(kind)} />
              ))}
            </SimpleGrid>
          </Box>

          <Box component="section" aria-labelledby="welcome-pricing">
            <Title id="welcome-pricing" order={2} mb="md">
              {t('public.pricing.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              {PLANS.map((plan) => (
                <Card key={plan.key} withBorder radius="md" data-testid="plan" data-plan={plan.key}>
                  <Stack gap="xs" h="100%">
                    <Group gap="xs" wrap="nowrap">
                      <PlanIcon plan={plan.key} />
                      <Text fw={700}>{t(`public.pricing.${plan.key}.name`)}</Text>
                    </Group>
                    <Group gap={6} align="baseline">
                      <Text fz="xl" fw={700} data-testid="plan-price">
                        {priceText(plan.key)}
                      </Text>
                      {plan.monthly && (
                        <Badge variant="light" size="sm">
                          {t('public.pricing.per_month')}
                        </Badge>
                      )}
                    </Group>
                    <List size="sm" spacing={4} style={{ flex: 1 }}>
                      {(t(`public.pricing.${plan.key}.items`, { returnObjects: true }) as string[]).map((item) => (
                        <List.Item key={item}>{item}</List.Item>
                      ))}
                    </List>
                    <Button component={Link} to="/user/register" variant={plan.key === 'pro' ? 'filled' : 'default'} fullWidth>
                      {t('public.pricing.choose')}
                    </Button>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          </Box>

          <Box component="section" aria-labelledby="welcome-faq">
            <Title id="welcome-faq" order={2} mb="md">
              {t('public.faq.title')}
            </Title>
            <Accordion variant="separated" data-testid="faq">
              {Array.from({ length: FAQ_COUNT }, (_, i) => (
                <Accordion.Item key={i} value={`faq-${i}`} data-testid="faq-entry">
                  <Accordion.Control>{t(`public.faq.items.${i}.q`)}</Accordion.Control>
                  <Accordion.Panel>{t(`public.faq.items.${i}.a`)}</Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Box>
        </Stack>
      </Container>
    </PublicFrame>
  );
}
