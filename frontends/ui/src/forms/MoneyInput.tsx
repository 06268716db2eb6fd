import { useEffect, useRef, useState, type ChangeEvent, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyDigits, currencySymbol, DEFAULT_CURRENCY, formatAmount, moneyProblemKey, parseMoney, toMajor, toMinor, type MoneyProblem } from '../rules/money';

// The one money input of the web app. @app/ui does not depend on Mantine, so the caller names the text input that
// draws it (Mantine's TextInput in the modules: `component={TextInput}`); this file holds what it does: read the text in
// the user's language (rules/money.ts), say under the field what it cannot read, show the currency, and give the form
// a number — or NaN while the text is unreadable, so the form refuses to save instead of saving a wrong amount.

/** What the drawing input receives (a subset of Mantine's TextInput props). */
export interface MoneyInputRenderProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  error?: ReactNode;
  leftSection: ReactNode;
  leftSectionWidth?: number;
  inputMode: 'decimal' | 'numeric';
  autoComplete: 'off';
  label?: ReactNode;
  description?: ReactNode;
  name?: string;
  size?: string;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}

export interface MoneyInputProps extends Pick<MoneyInputRenderProps, 'label' | 'description' | 'name' | 'size' | 'required' | 'placeholder' | 'disabled' | 'aria-label' | 'data-testid'> {
  component: ComponentType<MoneyInputRenderProps>;
  /** the stored amount: currency units (75.5) unless `minorUnits`; NaN while the text is unreadable */
  value: number | null | undefined;
  /** a number, undefined when cleared, NaN when the text cannot be read (isUnreadableAmount) */
  onChange: (value: number | undefined) => void;
  /** ISO code; the group's currency (DEFAULT_CURRENCY while groups name none) */
  currency?: string;
  /** decimals, when not the currency's own (a finance wallet's precision) */
  digits?: number;
  /** `value` in integer minor units (cents) rather than currency units */
  minorUnits?: boolean;
  allowNegative?: boolean;
  /** an error from outside (the server's), shown when the text itself is readable */
  error?: ReactNode;
}

/** The value a MoneyInput gives while its text cannot be read: the form must not save. */
export const isUnreadableAmount = (value: unknown): boolean => typeof value === 'number' && Number.isNaN(value);

export function MoneyInput({ component: Input, value, onChange, currency = DEFAULT_CURRENCY, digits: ownDigits, minorUnits, allowNegative, error, ...rest }: MoneyInputProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const digits = ownDigits ?? currencyDigits(currency);
  const asMinor = (v: number) => (minorUnits ? v : toMinor(v, digits));
  const show = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? formatAmount(toMajor(asMinor(v), digits), language, digits) : '');
  const [text, setText] = useState(() => show(value));
  const [problem, setProblem] = useState<MoneyProblem | null>(null);
  // the last value this input gave, so a value set from outside (a reset, another language) rewrites the text
  const given = useRef<number | null | undefined>(value);
  useEffect(() => {
    if (Object.is(value, given.current)) return;
    given.current = value;
    if (!isUnreadableAmount(value)) {
      setText(show(value));
      setProblem(null);
    }
    // only when the value changes from outside: the text being typed must not be rewritten on each keystroke
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const emit = (v: number | undefined) => {
    given.current = v;
    onChange(v);
  };
  const read = (raw: string) => {
    const parsed = parseMoney(raw, language, { digits, allowNegative });
    if (!parsed.ok) {
      setProblem(parsed.problem);
      emit(NaN);
      return null;
    }
    setProblem(null);
    emit(parsed.minor === null ? undefined : minorUnits ? parsed.minor : toMajor(parsed.minor, digits));
    return parsed.minor;
  };
  const symbol = currencySymbol(currency, language);
  return (
    <Input
      {...rest}
      value={text}
      inputMode={digits > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      leftSection={<span data-currency={currency} style={{ fontSize: '0.85em', whiteSpace: 'nowrap' }}>{symbol}</span>}
      leftSectionWidth={Math.max(28, symbol.length * 9 + 12)}
      onChange={(e) => {
        setText(e.currentTarget.value);
        read(e.currentTarget.value);
      }}
      onBlur={() => {
        // shows how the amount was read: "75.50" typed in pt-BR becomes "75,50"
        const minor = read(text);
        if (minor !== null) setText(formatAmount(toMajor(minor, digits), language, digits));
      }}
      // said as it is typed: what is typed on the way to a readable amount ("1.", "75,", "1,23") is readable, and an
      // error that appeared only when the field is left moved the Save button away from a click on a phone
      error={problem ? t(moneyProblemKey(problem), { digits, example: formatAmount(1234.56, language, digits) }) : error}
    />
  );
}
