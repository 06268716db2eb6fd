import { Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicFrame, type LegalPageKey } from './PublicFrame';

/** A static legal page (terms, privacy, refund, disclaimer): a placeholder the operator fills in. */
export default function LegalPage({ page }: { page: LegalPageKey }) {
  const { t } = useTranslation();
  const title = t(`public.legal.${page}.title`);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <PublicFrame>
      <Container size="sm" py="xl">
        <Stack>
          <Title order={1}>{title}</Title>
          <Alert color="yellow" variant="light">
            {t('public.legal.updated_note')}
          </Alert>
          <Text>{t(`public.legal.${page}.body`)}</Text>
          <Anchor component={Link} to="/welcome">
            {t('public.legal.back')}
          </Anchor>
        </Stack>
      </Container>
    </PublicFrame>
  );
}
