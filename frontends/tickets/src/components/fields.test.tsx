import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@app/ui';
import { registerTranslations } from '../i18n/register';
import type { FieldDef } from '../pages/records/entities';
import { FieldInput } from './fields';

// A number field of a record form (quantities, days): typed in the user's language, with the money rule.

function Form({ field, initial }: { field: FieldDef; initial?: unknown }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <FieldInput field={field} value={value} onChange={setValue} accountId="acc-1" />
      <output data-testid="value">{value === undefined ? 'none' : typeof value === 'number' && Number.isNaN(value) ? 'unreadable' : JSON.stringify(value)}</output>
    </>
  );
}

function renderField(field: FieldDef, language: string, initial?: unknown) {
  const i18n = createI18n(language);
  registerTranslations(i18n);
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <Form field={field} initial={initial} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return { input: screen.getByRole('textbox') as HTMLInputElement, value: () => screen.getByTestId('value').textContent };
}

const QUANTITY: FieldDef = { name: 'quantity', kind: 'number' };
const WARRANTY: FieldDef = { name: 'warranty', kind: 'integer' };

describe('a number field', () => {
  it('reads 1,5 as 1.5 in pt-BR and in en (never 15), and 1.5 in en', () => {
    for (const [language, text] of [
      ['pt-BR', '1,5'],
      ['en', '1,5'],
      ['en', '1.5'],
    ]) {
      const { input, value } = renderField(QUANTITY, language);
      fireEvent.change(input, { target: { value: text } });
      expect([language, text, value()]).toEqual([language, text, '1.5']);
      expect(input.getAttribute('aria-invalid')).toBe('false');
      cleanup();
    }
  });

  it("is a text box with the decimal keyboard, not a native number input, and shows a stored 2.25 as 2,25 in pt-BR", () => {
    const { input } = renderField(QUANTITY, 'pt-BR', 2.25);
    expect(input.type).toBe('text');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(input.value).toBe('2,25');
  });

  it('refuses what it cannot read with a field error and gives the form no number', () => {
    const { input, value } = renderField(QUANTITY, 'pt-BR');
    fireEvent.change(input, { target: { value: '7,5,0' } });
    expect(value()).toBe('unreadable');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Não é um número: digite como 1,5')).toBeTruthy();
    fireEvent.change(input, { target: { value: '7,5' } });
    expect(value()).toBe('7.5');
    expect(screen.queryByText('Não é um número: digite como 1,5')).toBeNull();
  });

  it('refuses a fraction of a whole-number field, a minus and more than 3 decimals', () => {
    const { input, value } = renderField(WARRANTY, 'en');
    fireEvent.change(input, { target: { value: '1,5' } });
    expect(value()).toBe('unreadable');
    expect(screen.getByText('must be an integer')).toBeTruthy();
    fireEvent.change(input, { target: { value: '-3' } });
    expect(screen.getByText('must be greater than or equal to 0')).toBeTruthy();
    fireEvent.change(input, { target: { value: '1,000' } });
    expect(value()).toBe('1000');
    cleanup();
    const quantity = renderField(QUANTITY, 'en');
    fireEvent.change(quantity.input, { target: { value: '0.1234' } });
    expect(screen.getByText('Use at most 3 decimals')).toBeTruthy();
  });

  it('gives undefined when cleared', () => {
    const { input, value } = renderField(WARRANTY, 'en', 30);
    expect(input.value).toBe('30');
    fireEvent.change(input, { target: { value: '' } });
    expect(value()).toBe('none');
  });
});
