import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@app/ui';
import { Footer } from './Footer';

const renderFooter = (language: string, build: { version: string; release: string }) =>
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <MantineProvider>
        <Footer build={build} />
      </MantineProvider>
    </I18nextProvider>,
  );

describe('the footer', () => {
  it("shows the build's release year and date (not a date written in the code)", () => {
    renderFooter('en', { version: '0.1.0+e78ebba', release: '2026-11-20' });
    expect(screen.getByTestId('footer-copyright').textContent).toBe('© 2026 ServiceDesk. All rights reserved.');
    expect(screen.getByTestId('footer-release').textContent).toBe('Release 2026-11-20');
    expect(screen.getByTestId('footer-release').getAttribute('title')).toBe('0.1.0+e78ebba');
  });

  it('writes the date day first in Portuguese', () => {
    renderFooter('pt-BR', { version: '0.1.0', release: '2027-01-05' });
    expect(screen.getByTestId('footer-copyright').textContent).toBe('© 2027 ServiceDesk. Todos os direitos reservados.');
    expect(screen.getByTestId('footer-release').textContent).toBe('Versão de 05/01/2027');
  });
});
