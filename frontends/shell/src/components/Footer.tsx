import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const RELEASE_DATE = '2025-05-10';
export const CONTACT_EMAIL = 'contact@servicedesk.example';

/** The footer of the signed-in screens: API docs, contact mail, terms, the copyright line and the release date. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Group component="footer" justify="space-between" gap="xs" py="md" mt="xl" c="dimmed" fz="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="md">
        <Anchor href="/api/docs" size="sm" c="dimmed">
          {t('footer.api_docs')}
        </Anchor>
        <Anchor href={`mailto:${CONTACT_EMAIL}`} size="sm" c="dimmed">
          {t('footer.contact')}
        </Anchor>
        <Anchor href="/terms-and-conditions.html" size="sm" c="dimmed">
          {t('footer.terms')}
        </Anchor>
      </Group>
      <Group gap="md">
        <Text size="sm">{t('footer.copyright', { year: RELEASE_DATE.slice(0, 4) })}</Text>
        <Text size="sm">{t('footer.release', { date: RELEASE_DATE })}</Text>
      </Group>
    </Group>
  );
}
