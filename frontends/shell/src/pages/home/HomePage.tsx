import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { sessionQuery } from '../../app/api';
import { PageLoader } from '../../components/PageLoader';
import { afterLoginRoute } from './after-login';

/** Home: routes after login (after-login.ts), or the multiple-accounts warning with a card per membership. */
export default function HomePage() {
  const { t } = useTranslation();
  const session = useQuery(sessionQuery);
  if (!session.data) return <PageLoader />;
  const route = afterLoginRoute(session.data.memberships);
  if (route.kind !== 'multiple-accounts') return <Navigate to={route.path} replace />;
  return (
    <Stack maw={960} mx="auto">
      <Alert color="yellow" title={t('home.select_group')}>
        {t('home.select_group_detail')}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {route.memberships.map((m) => (
          <Card key={m.subscription_id} withBorder radius="md" padding="md">
            {/* the whole group name, wrapped: a user picks the group by it (it was cut at both widths) */}
            <Group justify="space-between" wrap="nowrap" align="flex-start" mb="sm">
              <Text fw={600} style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }} data-testid="group-name">
                {m.account_name || m.account_id}
              </Text>
              {m.status === 'pending' ? (
                <Badge color="gray" style={{ flexShrink: 0 }}>
                  {t('home.pending')}
                </Badge>
              ) : (
                m.bookmark && <Badge style={{ flexShrink: 0 }}>{t('home.bookmarked')}</Badge>
              )}
            </Group>
            <Button component={Link} to={`/account/${m.account_id}`} variant="light" disabled={m.status === 'pending'} fullWidth>
              {t('home.visit')}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
      <Group>
        <Button component={Link} to="/account/new">
          {t('home.create_group')}
        </Button>
      </Group>
    </Stack>
  );
}
