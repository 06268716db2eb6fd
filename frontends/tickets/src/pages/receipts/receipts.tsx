import type { Doc, StatusLinkReply, TicketDoc } from '@app/proto';
import { useTranslation } from 'react-i18next';
import type { Features } from '../../hooks/account';

import { formatDate, formatDocument, formatMoney, formatQuantity } from '../../lib/format';
import { estimateTotal, lineTotal } from '../../lib/tickets';
import { StatusQr } from '../../components/StatusQr';
import { ReceiptHead, Signatures } from './receipt-parts';

// The printable documents (spec §2 ticket-related screens): the 2-copy service receipt, the contract receipt and the
// estimate. They only render what they are given; ReceiptPage.tsx loads it.

export interface ReceiptData {
  shop: string;
  features: Features;
  ticket?: TicketDoc;
  customer?: Doc | null;
  equipment?: Doc | null;
  contract?: Doc | null;
  estimate?: Doc | null;
  /** the ticket's status page for its customer (service receipts), printed on both copies while it is active */
  statusLink?: StatusLinkReply | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

function CustomerLines({ customer, fallback }: { customer?: Doc | null; fallback?: string | null }) {
  const { t } = useTranslation('tickets');
  if (!customer && !fallback) return null;
  const doc = customer ? [customer.cpf && `${t('fields.cpf')} ${formatDocument(customer.cpf)}`, customer.cnpj && `${t('fields.cnpj')} ${formatDocument(customer.cnpj)}`].filter(Boolean).join(' · ') : '';
  return (
    <p>
      <strong>{t('fields.customer_id')}:</strong> <span data-testid="receipt-customer">{customer ? str(customer.name) : fallback}</span>
      {doc && ` · ${doc}`}
      {customer?.email ? ` · ${str(customer.email)}` : ''}
    </p>
  );
}

function EquipmentLines({ equipment, ticket }: { equipment?: Doc | null; ticket?: TicketDoc }) {
  const { t } = useTranslation('tickets');
  const identifier = equipment ? str(equipment.identifier) : ticket?.equipment_identifier;
  if (!identifier) return null;
  const more = equipment ? [equipment.maker, equipment.description].map(str).filter(Boolean).join(' · ') : '';
  return (
    <p>
      <strong>{t('fields.equipment_id')}:</strong> <span data-testid="receipt-equipment">{identifier}</span>
      {more && ` · ${more}`}
      {ticket?.equipment_observation ? ` · ${ticket.equipment_observation}` : ''}
    </p>
  );
}

/** One copy of the service receipt. */
function ServiceCopy({ data, copy }: { data: ReceiptData; copy: 1 | 2 }) {
  const { t, i18n } = useTranslation('tickets');
  const ticket = data.ticket!;
  const link = data.statusLink?.state === 'active' && data.statusLink.url && data.statusLink.qr ? data.statusLink : null;
  return (
    <section className="receipt-copy" data-testid="receipt-copy">
      <span className="receipt-copy-label">{t(copy === 1 ? 'receipts.copy_shop' : 'receipts.copy_customer')}</span>
      <ReceiptHead
        shop={data.shop}
        features={data.features}
        title={t('receipts.service_title')}
        number={`#${ticket.number ?? ''}`}
        date={formatDate(ticket.created_at, i18n.language)}
        aside={
          link && (
            <div className="receipt-qr" data-testid="receipt-status-link">
              <StatusQr qr={link.qr!} label={t('status_link.qr')} />
              <span>{t('receipts.follow_online')}</span>
              <span className="receipt-link">{link.url}</span>
            </div>
          )
        }
      />
      <div className="receipt-grow">
        <CustomerLines customer={data.customer} fallback={ticket.customer_name} />
        <EquipmentLines equipment={data.equipment} ticket={ticket} />
        <h2>{t('fields.content')}</h2>
        <p className="receipt-text" data-testid="receipt-problem">
          {ticket.content}
        </p>
        {data.features.receiptConfiguration && (
          <p className="receipt-text" data-testid="receipt-configuration">
            {data.features.receiptConfiguration}
          </p>
        )}
      </div>
      <Signatures left={t('receipts.sign_customer')} right={t('receipts.sign_shop')} />
    </section>
  );
}

/** The service receipt: the same receipt twice on one A4 page, with a cut line between the copies. */
export function ServiceReceipt({ data }: { data: ReceiptData }) {
  return (
    <div className="receipt-sheet" data-testid="receipt-sheet">
      <ServiceCopy data={data} copy={1} />
      <hr className="receipt-cut" data-testid="receipt-cut" />
      <ServiceCopy data={data} copy={2} />
    </div>
  );
}

/** The contract receipt: the ticket under the customer's contract, its items and terms, signatures. */
export function ContractReceipt({ data }: { data: ReceiptData }) {
  const { t, i18n } = useTranslation('tickets');
  const ticket = data.ticket!;
  const contract = data.contract;
  const items = Array.isArray(contract?.items) ? (contract!.items as Array<Record<string, unknown>>) : [];
  return (
    <div className="receipt-sheet" data-testid="receipt-sheet">
      <ReceiptHead shop={data.shop} features={data.features} title={t('receipts.contract_title')} number={`#${ticket.number ?? ''}`} date={formatDate(ticket.created_at, i18n.language)} />
      <CustomerLines customer={data.customer} fallback={ticket.customer_name} />
      <EquipmentLines equipment={data.equipment} ticket={ticket} />
      {contract && (
        <>
          <h2>{t('entities.contracts.one')}</h2>
          <p data-testid="receipt-contract">
            {str(contract.description)}
            {contract.payment_kind ? ` · ${t('fields.payment_kind')}: ${str(contract.payment_kind)}` : ''}
          </p>
          {items.length > 0 && (
            <table>
              <thead>
                <tr>
                  <th>{t('fields.number')}</th>
                  <th>{t('fields.content_item')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item, i) => (
                  <tr key={i}>
                    <td>{str(item.number)}</td>
                    <td>{str(item.content)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <h2>{t('fields.content')}</h2>
      <p className="receipt-text">{ticket.content}</p>
      {ticket.problem && (
        <>
          <h2>{t('fields.problem')}</h2>
          <p className="receipt-text">{ticket.problem}</p>
        </>
      )}
      {data.features.receiptConfiguration && <p className="receipt-text">{data.features.receiptConfiguration}</p>}
      <Signatures left={t('receipts.sign_customer')} right={t('receipts.sign_shop')} />
    </div>
  );
}

/** The printable estimate: items (quantity × value), the total, the estimate's observation and the account's text. */
export function EstimateReceipt({ data }: { data: ReceiptData }) {
  const { t, i18n } = useTranslation('tickets');
  const estimate = data.estimate!;
  const items = Array.isArray(estimate.items) ? (estimate.items as Array<Record<string, unknown>>) : [];
  const money = (v: unknown) => formatMoney(v, i18n.language);
  const total = typeof estimate.total === 'number' ? estimate.total : estimateTotal(items);
  return (
    <div className="receipt-sheet" data-testid="receipt-sheet">
      <ReceiptHead shop={data.shop} features={data.features} title={t('receipts.estimate_title')} number={`#${str(estimate.number)}`} date={formatDate(str(estimate.created_at), i18n.language)} />
      <CustomerLines customer={data.customer} />
      {data.ticket && (
        <p>
          <strong>{t('entities.tickets.one')}:</strong> #{data.ticket.number} {data.ticket.title}
        </p>
      )}
      {estimate.description ? <p data-testid="receipt-description">{str(estimate.description)}</p> : null}
      <table data-testid="receipt-items">
        <thead>
          <tr>
            <th>{t('fields.description')}</th>
            <th className="num">{t('fields.quantity')}</th>
            <th className="num">{t('fields.value')}</th>
            <th className="num">{t('fields.line_total')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => (
            <tr key={i}>
              <td>{str(item.description)}</td>
              <td className="num">{formatQuantity(item.quantity, i18n.language)}</td>
              <td className="num">{money(item.value)}</td>
              <td className="num">{money(lineTotal(item))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={3} className="num">
              {t('fields.total')}
            </th>
            <th className="num" data-testid="receipt-total">
              {money(total)}
            </th>
          </tr>
        </tfoot>
      </table>
      {estimate.observation ? (
        <p className="receipt-text" data-testid="receipt-observation">
          {str(estimate.observation)}
        </p>
      ) : null}
      {data.features.estimateObservation && (
        <p className="receipt-text" data-testid="receipt-estimate-observation">
          {data.features.estimateObservation}
        </p>
      )}
      <Signatures left={t('receipts.sign_customer')} right={t('receipts.sign_shop')} />
    </div>
  );
}
