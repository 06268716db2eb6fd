import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BUILD, type BuildInfo } from '../app/build-info';
import { formatDate } from '../pages/profile/profile-api';

export const CONTACT_EMAIL = 'contact@servicedesk.example';

/**
 * The footer of the signed-in screens: API docs, contact mail, terms, the copyright line and the release date, both
 * from the build (app/build-info.ts: the year of the release, the release date in the language's order).
 */
export function Footer({ build = BUILD }: { build?: BuildInfo }) {
  const { t, i18n } = useTranslation();
  const year = build.release ? build.release.slice(0, 4) : String(new Date().getFullYear());
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
        <Text size="sm" data-testid="footer-copyright">
          {t('footer.copyright', { year })}
        </Text>
        {build.release && (
          <Text size="sm" title={build.version} data-testid="footer-release">
            {t('footer.release', { date: formatDate(`${build.release}T12:00:00`, i18n.language) })}
          </Text>
        )}
      </Group>
    </Group>
  );
}
