import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createCoreI18n } from '@app/ui';
import { Texts } from './Texts';

function Probe() {
  const { t } = useTranslation();
  return (
    <p>
      {t('login.title')} / {t('nav.items.tickets')}
    </p>
  );
}

// a component suspending on `use` resumes only inside an awaited act (React 19 with Testing Library)
const renderWith = async (language: string, part: 'core' | 'all') => {
  const i18n = createCoreI18n(language);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>loading</p>}>
          <Texts part={part}>
            <Probe />
          </Texts>
        </Suspense>
      </I18nextProvider>,
    );
  });
  return i18n;
};

describe('Texts', () => {
  it('shows its children once the Portuguese core and extra texts are in', async () => {
    await renderWith('pt-BR', 'all');
    expect(await screen.findByText('Entrar / Chamados')).toBeTruthy();
  });

  it('with the core only, the extra texts are not there', async () => {
    await renderWith('en', 'core');
    expect(await screen.findByText('Log in / nav.items.tickets')).toBeTruthy();
  });

  it('loads the texts of a language chosen later', async () => {
    const i18n = await renderWith('en', 'all');
    expect(await screen.findByText('Log in / Tickets')).toBeTruthy();
    await act(async () => {
      await i18n.changeLanguage('pt-BR');
    });
    expect(await screen.findByText('Entrar / Chamados')).toBeTruthy();
  });
});
