import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { createCoreI18n, loadTexts } from '@app/ui';
import { createQueryClient } from './app/query-client';
import { NewVersionBanner } from './components/NewVersionBanner';
import { AppRoutes } from './app/AppRoutes';
import { installSessionCheck } from './session/session-check';

// the core texts of the browser's language first; the screens that need more load it (app/Texts.tsx)
const i18n = createCoreI18n(navigator.language);
document.documentElement.lang = i18n.language;
const queryClient = createQueryClient();
installSessionCheck(queryClient);
// theme light or dark, kept in localStorage (spec §4)
const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });

void loadTexts(i18n, i18n.language, 'core').finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <MantineProvider defaultColorScheme="light" colorSchemeManager={colorSchemeManager}>
          <QueryClientProvider client={queryClient}>
            <NewVersionBanner />
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>
    </StrictMode>,
  ),
);
