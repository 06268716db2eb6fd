import '@mantine/core/styles.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createI18n } from '@app/ui';
import { createQueryClient } from './app/query-client';
import { NewVersionBanner } from './components/NewVersionBanner';
import { routes } from './app/routes';
import { installSessionCheck } from './session/session-check';

const i18n = createI18n(navigator.language);
document.documentElement.lang = i18n.language;
const queryClient = createQueryClient();
installSessionCheck(queryClient);
const router = createBrowserRouter(routes);
// theme light or dark, kept in localStorage (spec §4)
const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <MantineProvider defaultColorScheme="light" colorSchemeManager={colorSchemeManager}>
        <QueryClientProvider client={queryClient}>
          <NewVersionBanner />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  </StrictMode>,
);
