// The money input's field errors (forms/MoneyInput.tsx, rules/money.ts).
export const moneyEn = {
  invalid: 'Not an amount: type it as {{example}}',
  decimals: 'Use at most {{digits}} decimals (as in {{example}})',
  negative: 'must be greater than or equal to 0',
  'too-large': 'This amount is too large',
  check_items: 'Some amounts could not be read: correct the fields marked in red.',
};
