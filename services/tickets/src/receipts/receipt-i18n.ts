// The words printed on receipts, in the product's two languages (the caller's locale picks; anything not pt-* is en).

export type ReceiptLocale = 'en' | 'pt-BR';

export interface ReceiptLabels {
  serviceReceipt: string;
  contractReceipt: string;
  estimate: string;
  ticket: string;
  date: string;
  customer: string;
  document: string;
  email: string;
  equipment: string;
  identifier: string;
  maker: string;
  equipmentObservation: string;
  reportedProblem: string;
  foundProblem: string;
  status: string;
  customerCopy: string;
  shopCopy: string;
  customerSignature: string;
  shopSignature: string;
  cutHere: string;
  contract: string;
  description: string;
  paymentKind: string;
  items: string;
  itemNumber: string;
  itemContent: string;
  quantity: string;
  unitValue: string;
  amount: string;
  total: string;
  observation: string;
  noItems: string;
  none: string;
  /** under the status page's QR code */
  followOnline: string;
  statuses: Record<string, string>;
}

const en: ReceiptLabels = {
  serviceReceipt: 'Service receipt',
  contractReceipt: 'Contract receipt',
  estimate: 'Estimate',
  ticket: 'Ticket',
  date: 'Date',
  customer: 'Customer',
  document: 'Document',
  email: 'E-mail',
  equipment: 'Equipment',
  identifier: 'Identifier',
  maker: 'Maker',
  equipmentObservation: 'Equipment notes',
  reportedProblem: 'Reported problem',
  foundProblem: 'Found problem',
  status: 'Status',
  customerCopy: 'Customer copy',
  shopCopy: 'Shop copy',
  customerSignature: 'Customer signature',
  shopSignature: 'Shop signature',
  cutHere: 'cut here',
  contract: 'Contract',
  description: 'Description',
  paymentKind: 'Payment',
  items: 'Items',
  itemNumber: 'No.',
  itemContent: 'Item',
  quantity: 'Qty',
  unitValue: 'Unit value',
  amount: 'Amount',
  total: 'Total',
  observation: 'Notes',
  noItems: 'No items',
  none: '-',
  followOnline: 'Follow your repair online',
  statuses: { open: 'Open', block: 'Blocked', doing: 'Doing', review: 'Review', done: 'Done', cancel: 'Cancelled' },
};

const ptBR: ReceiptLabels = {
  serviceReceipt: 'Recibo de serviço',
  contractReceipt: 'Recibo de contrato',
  estimate: 'Orçamento',
  ticket: 'Chamado',
  date: 'Data',
  customer: 'Cliente',
  document: 'Documento',
  email: 'E-mail',
  equipment: 'Equipamento',
  identifier: 'Identificação',
  maker: 'Fabricante',
  equipmentObservation: 'Observações do equipamento',
  reportedProblem: 'Problema relatado',
  foundProblem: 'Problema encontrado',
  status: 'Situação',
  customerCopy: 'Via do cliente',
  shopCopy: 'Via da loja',
  customerSignature: 'Assinatura do cliente',
  shopSignature: 'Assinatura da loja',
  cutHere: 'corte aqui',
  contract: 'Contrato',
  description: 'Descrição',
  paymentKind: 'Forma de pagamento',
  items: 'Itens',
  itemNumber: 'Nº',
  itemContent: 'Item',
  quantity: 'Qtd.',
  unitValue: 'Valor unit.',
  amount: 'Valor',
  total: 'Total',
  observation: 'Observações',
  noItems: 'Nenhum item',
  none: '-',
  followOnline: 'Acompanhe o conserto',
  statuses: { open: 'Aberto', block: 'Bloqueado', doing: 'Em andamento', review: 'Em revisão', done: 'Concluído', cancel: 'Cancelado' },
};

export function receiptLocale(locale: string | undefined): ReceiptLocale {
  return locale && /^pt/i.test(locale) ? 'pt-BR' : 'en';
}

export function receiptLabels(locale: ReceiptLocale): ReceiptLabels {
  return locale === 'pt-BR' ? ptBR : en;
}
