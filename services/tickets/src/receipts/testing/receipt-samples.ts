import { contractReceipt, estimateModel, FormatOptions, serviceReceipt, shopOf } from '../receipt-model';
import type { ReceiptLocale } from '../receipt-i18n';
import { qrRuns } from '../../status-links/qr';

// A repair shop's records as stored, for the layout tests and for rendering sample PDFs to look at
// (`npx tsx services/tickets/src/receipts/testing/render-samples.ts pt-BR /tmp/receipts`, then `pdftoppm -png`).

export const sampleConfigs = [
  { key: 'phones', value: JSON.stringify([{ id: '1', number: '(11) 3333-4444', description: 'loja' }, { id: '2', main: true, number: '(11) 98888-7777', description: 'WhatsApp' }]) },
  {
    key: 'addresses',
    value: JSON.stringify([{ id: 'a', main: true, street: 'Rua das Flores', number: '123', complement: 'sala 4', neighborhood: 'Centro', city: 'São Paulo', state: 'SP', zip_code: '01000-000' }]),
  },
  { key: 'receipt-configuration', value: 'Equipamentos não retirados em 90 dias serão descartados.\nGarantia de 90 dias para o serviço executado.' },
  { key: 'estimate-observation', value: 'Orçamento válido por 15 dias.' },
];

export const sampleShop = () => shopOf('Assistência Técnica Conserta Já', sampleConfigs);

export const sampleCustomer = { name: 'Maria da Silva', cpf: '52998224725', document: 'RG 12.345.678-9', email: 'maria@example.com' };

export const sampleTicket = {
  number: 42,
  title: 'Notebook não liga',
  status: 'doing',
  created_at: '2026-11-26T17:05:00.000Z',
  content: 'Desligou após queda de energia.\nCliente relata cheiro de queimado perto da fonte.',
  problem: 'Fonte queimada; capacitor estufado na placa-mãe.',
  equipment_observation: 'Sem bateria, arranhões na tampa.',
};

/** A status page's address as a receipt prints it (issue 31). */
export const sampleStatusUrl = 'https://conserta.example/s/Q2xpZW50ZVN0YXR1c0xpbmsx';

export const sampleEquipment = { identifier: 'NB-0042', description: 'Notebook Inspiron 15', maker: 'Dell' };

export const sampleContract = {
  description: 'Manutenção mensal de 10 equipamentos',
  payment_kind: 'Boleto mensal',
  items: [
    { number: 1, content: 'Manutenção preventiva mensal' },
    { number: 2, content: 'Atendimento em até 24 horas' },
  ],
};

export const sampleEstimate = {
  number: 7,
  created_at: '2026-11-26T17:05:00.000Z',
  description: 'Troca da fonte e reparo da placa',
  observation: 'Peças originais.',
  items: [
    { description: 'Fonte ATX 500W', quantity: 1, value: 249.9 },
    { description: 'Mão de obra', quantity: 2, value: 80 },
    { description: 'Parafuso', quantity: 1000, value: 1.5 },
  ],
};

export function sampleModels(locale: ReceiptLocale, overrides: { content?: string } = {}) {
  const opts: FormatOptions = { locale, timeZone: 'America/Sao_Paulo' };
  const shop = sampleShop();
  const ticket = { ...sampleTicket, ...(overrides.content ? { content: overrides.content } : {}) };
  return {
    service: serviceReceipt(ticket, { customer: sampleCustomer, equipment: sampleEquipment }, shop, opts, { url: sampleStatusUrl, qr: qrRuns(sampleStatusUrl) }),
    contract: contractReceipt(ticket, { customer: sampleCustomer, contract: sampleContract }, shop, opts),
    estimate: estimateModel(sampleEstimate, { customer: sampleCustomer, ticket }, shop, opts),
  };
}
