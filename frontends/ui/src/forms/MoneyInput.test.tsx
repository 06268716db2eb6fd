import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { isUnreadableAmount, MoneyInput, type MoneyInputRenderProps } from './MoneyInput';

// MoneyInput drawn by a plain input (the modules pass Mantine's TextInput), in each language.

function PlainInput({ label, value, onChange, onBlur, error, leftSection }: MoneyInputRenderProps) {
  return (
    <label>
      {leftSection}
      <input aria-label={String(label)} value={value} onChange={onChange} onBlur={onBlur} aria-invalid={error ? true : undefined} />
      {error && <span role="alert">{error}</span>}
    </label>
  );
}

function Form({ initial, minorUnits, currency, digits }: { initial?: number; minorUnits?: boolean; currency?: string; digits?: number }) {
  const [value, setValue] = useState<number | undefined>(initial);
  return (
    <>
      <MoneyInput component={PlainInput} label="Value" value={value} onChange={setValue} minorUnits={minorUnits} currency={currency} digits={digits} />
      <output data-testid="stored">{value === undefined ? 'none' : isUnreadableAmount(value) ? 'unreadable' : String(value)}</output>
      <button onClick={() => setValue(12.3)}>reset</button>
    </>
  );
}

function renderIn(language: string, props: Parameters<typeof Form>[0] = {}) {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <Form {...props} />
    </I18nextProvider>,
  );
  return { input: screen.getByLabelText('Value') as HTMLInputElement, stored: () => screen.getByTestId('stored').textContent };
}

describe('MoneyInput', () => {
  it('gives 75.5 for 75,50 typed in pt-BR, shows US$ and rewrites 75.50 as 75,50 when left', () => {
    const { input, stored } = renderIn('pt-BR');
    expect(screen.getByText('US$')).toBeTruthy();
    fireEvent.change(input, { target: { value: '75,50' } });
    expect(stored()).toBe('75.5');
    fireEvent.change(input, { target: { value: '75.50' } });
    fireEvent.blur(input);
    expect(stored()).toBe('75.5');
    expect(input.value).toBe('75,50');
  });

  it('says under the field what it cannot read and gives NaN, so the form saves nothing', () => {
    const { input, stored } = renderIn('pt-BR');
    fireEvent.change(input, { target: { value: '7,5,0' } });
    expect(stored()).toBe('unreadable');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Não é um valor: digite como 1.234,56');
    fireEvent.change(input, { target: { value: '1,234' } });
    expect(screen.getByRole('alert').textContent).toBe('Use no máximo 2 casas decimais (como em 1.234,56)');
    fireEvent.change(input, { target: { value: '' } });
    expect(stored()).toBe('none');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a stored amount in the language’s format, and a value set from outside', () => {
    const { input } = renderIn('en', { initial: 1234.5 });
    expect(input.value).toBe('1,234.50');
    fireEvent.click(screen.getByText('reset'));
    expect(input.value).toBe('12.30');
  });

  it('keeps integer minor units when asked (cents in, cents out)', () => {
    const { input, stored } = renderIn('en', { initial: 7550, minorUnits: true });
    expect(input.value).toBe('75.50');
    fireEvent.change(input, { target: { value: '1,234.56' } });
    expect(stored()).toBe('123456');
  });

  it('uses the currency’s decimals and symbol (BRL: R$)', () => {
    const { input, stored } = renderIn('pt-BR', { currency: 'BRL' });
    expect(screen.getByText('R$')).toBeTruthy();
    fireEvent.change(input, { target: { value: '604' } });
    expect(stored()).toBe('604');
  });

  it('takes the decimals it is given over the currency’s (a wallet kept at 3 decimals), in minor units', () => {
    const { input, stored } = renderIn('pt-BR', { currency: 'BRL', digits: 3, minorUnits: true, initial: 1234567 });
    expect(screen.getByText('R$')).toBeTruthy();
    expect(input.value).toBe('1.234,567');
    fireEvent.change(input, { target: { value: '0,125' } });
    expect(stored()).toBe('125');
    fireEvent.change(input, { target: { value: '0,1255' } });
    expect(stored()).toBe('unreadable');
    expect(screen.getByRole('alert').textContent).toBe('Use no máximo 3 casas decimais (como em 1.234,560)');
  });

  it('reads whole amounts only for a currency without decimals (JPY: ¥) and shows EUR with €', () => {
    const { input, stored } = renderIn('en', { currency: 'JPY', minorUnits: true });
    expect(screen.getByText('¥')).toBeTruthy();
    fireEvent.change(input, { target: { value: '1,500' } });
    expect(stored()).toBe('1500');
    fireEvent.change(input, { target: { value: '15.5' } });
    expect(stored()).toBe('unreadable');
  });
});
