// Os erros do campo de valor (forms/MoneyInput.tsx, rules/money.ts).
export const moneyPtBR = {
  invalid: 'Não é um valor: digite como {{example}}',
  decimals: 'Use no máximo {{digits}} casas decimais (como em {{example}})',
  negative: 'deve ser maior ou igual a 0',
  'too-large': 'Este valor é grande demais',
  check_items: 'Alguns valores não puderam ser lidos: corrija os campos marcados em vermelho.',
};
