import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address, Phone } from '@app/proto';
import type { Features } from '../../hooks/account';

/** One address on one line: street, number, complement, neighborhood, city/state, zip code. */
export function addressLine(a: Address): string {
  const street = [a.street, a.number].filter(Boolean).join(', ');
  const city = [a.city, a.state].filter(Boolean).join('/');
  return [street, a.complement, a.neighborhood, city, a.zip_code].filter((p) => p && String(p).trim()).join(' - ');
}

export const phoneLine = (p: Phone) => [p.description, p.number].filter(Boolean).join(': ');

/**
 * The receipt's head: the shop (account name, phones, addresses), what goes between (the service receipt's status page
 * QR code) and the document's title, number and date.
 */
export function ReceiptHead({ shop, features, title, number, date, aside }: { shop: string; features: Features; title: string; number: string; date: string; aside?: ReactNode }) {
  const { t } = useTranslation('tickets');
  return (
    <div className="receipt-head">
      <div className="receipt-shop">
        <strong data-testid="receipt-shop">{shop}</strong>
        {features.phones.length > 0 && <p data-testid="receipt-phones">{features.phones.map(phoneLine).join(' · ')}</p>}
        {features.addresses.map((a, i) => (
          <p key={a.id ?? a.uuid ?? i}>{addressLine(a)}</p>
        ))}
      </div>
      {aside}
      <div className="receipt-meta">
        <h1>{title}</h1>
        <p>
          {t('receipts.number')}: <strong data-testid="receipt-number">{number}</strong>
        </p>
        <p>
          {t('receipts.date')}: {date}
        </p>
      </div>
    </div>
  );
}

export function Signatures({ left, right }: { left: string; right: string }) {
  return (
    <div className="receipt-signatures">
      <div>{left}</div>
      <div>{right}</div>
    </div>
  );
}
