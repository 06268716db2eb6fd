import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGUAGES, type Language } from '@app/ui';

export const LEGAL_PAGES = {
  terms: '/terms-and-conditions.html',
  privacy: '/privacy-policy.html',
  refund: '/refund-policy.html',
  disclaimer: '/disclaimer.html',
} as const;
export type LegalPageKey = keyof typeof LEGAL_PAGES;

/** The frame of the public pages: the product name, a language choice, log in / register, and the legal links. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const changeLanguage = (language: Language) => {
    void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  };
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Anchor component={Link} to="/welcome" underline="never" fw={700} fz="lg">
              {t('app.name')}
            </Anchor>
            <Group gap="xs" wrap="wrap">
              {LANGUAGES.map((language) => (
                <Button
                  key={language}
                  size="compact-sm"
                  variant={i18n.language === language ? 'light' : 'subtle'}
                  onClick={() => changeLanguage(language)}
                  aria-pressed={i18n.language === language}
                >
                  {t(`languages.${language}`)}
                </Button>
              ))}
              <Button component={Link} to="/user/login" size="compact-sm" variant="default">
                {t('public.nav.login')}
              </Button>
              <Button component={Link} to="/user/register" size="compact-sm">
                {t('public.nav.register')}
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      <Box component="footer" py="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('public.footer.copyright')}
            </Text>
            <Group gap="md">
              {(Object.keys(LEGAL_PAGES) as LegalPageKey[]).map((key) => (
                <Anchor key={key} component={Link} to={LEGAL_PAGES[key]} size="sm" c="dimmed">
                  {t(`public.footer.${key}`)}
                </Anchor>
              ))}
              <Anchor component={Link} to="/icons" size="sm" c="dimmed">
                {t('public.footer.icons')}
              </Anchor>
            </Group>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
