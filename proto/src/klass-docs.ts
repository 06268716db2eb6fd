import type { z } from 'zod';
import type { Klass } from './klasses';
import type { DocMeta, Doc } from './documents';
import type { AccountConfigurationDoc, AccountDoc, SubscriptionDoc } from './accounts';
import type { PlanPriceDoc } from './billing';
import type { PublicUser, UserTokenDoc } from './identity';
import type {
  CategoryFields,
  ChecklistItem,
  CommentFields,
  ContractFields,
  ContractItemDocFields,
  CustomerFields,
  EquipmentFields,
  EstimateFields,
  MaintenanceFields,
  StatusEvent,
  TicketFields,
} from './tickets';
import type { EstimateAnswerFields, TicketCustomerFields } from './ticket-status';
import type { CloudFileFields } from './disk';
import type { ReaderFetchState, ReaderItemFields, ReaderLabelFields, ReaderSubscriptionFields } from './reader';
import type { BookmarkFields, BookmarkServerFields, HandbookFields, HandbookServerFields } from './notes';
import type { CsvImportFields, CsvImportProgress, ExchangeFields, IncomeFields, MappingFields, OutgoFields, TransferFields, WalletBalanceFields, WalletFields } from './finance';

// What a document of each klass looks like when the API answers it (GET /{db}/{id}, POST /{db}/_find), so a client
// that names the klass it reads gets that klass's fields. Types only: nothing here reaches a bundle.

/**
 * A stored document of klass K: the stamped fields, and the fields its owner validates (a *Fields schema's output), each
 * of which may be absent from an answer (a find's `fields` leaves them out; JSON drops undefined).
 */
type Stored<K extends Klass, Fields> = Omit<DocMeta, 'klass'> & Partial<Omit<Fields, '_id'>> & { klass: K };

/** A person a record names: the author of a comment (label: full name, else the masked address). */
export interface PersonRef {
  _id: string | null;
  label: string | null;
}

/** A group's setting (AccountConfiguration: one document per key of ACCOUNT_CONFIG_KEYS). */
export type AccountSettingDoc = z.infer<typeof AccountConfigurationDoc>;

/** A user's own key/value setting (e.g. `locale`), in the user's database. */
export type UserConfigurationDoc = Stored<'UserConfiguration', { key: string; value: unknown }>;

export type CustomerDoc = Stored<'Customer', z.output<typeof CustomerFields>> & { label?: string | null };
export type EquipmentDoc = Stored<'Equipment', z.output<typeof EquipmentFields>> & { label?: string | null; customer_name?: string | null };
export type CategoryDoc = Stored<'Category', z.output<typeof CategoryFields>> & { label?: string | null };
/** A ticket; number, checklist, status_events, the copied names and priority_rank are set by the service. */
export type TicketDoc = Stored<'Ticket', z.output<typeof TicketFields>> & {
  number: number;
  label?: string | null;
  checklist?: ChecklistItem[];
  status_events?: StatusEvent[];
  customer_name?: string | null;
  equipment_identifier?: string | null;
  priority_rank?: number;
} & TicketCustomerFields;
export type CommentDoc = Stored<'Comment', z.output<typeof CommentFields>> & { user?: PersonRef; label?: string | null };
export type ContractDoc = Stored<'Contract', z.output<typeof ContractFields>> & { label?: string | null; customer_name?: string | null };
export type ContractItemDoc = Stored<'ContractItem', z.output<typeof ContractItemDocFields>>;
export type EstimateDoc = Stored<'Estimate', z.output<typeof EstimateFields>> & {
  number: number;
  total?: number;
  label?: string | null;
  customer_name?: string | null;
} & EstimateAnswerFields;
export type MaintenanceDoc = Stored<'Maintenance', z.output<typeof MaintenanceFields>> & {
  warranty_ends_at?: string | null;
  equipment_identifier?: string | null;
  label?: string | null;
};

/** A file or folder of the disk; size, version, content_type, external_key and the trash fields are set by the service. */
export type CloudFileDoc = Stored<'CloudFile', z.output<typeof CloudFileFields>> & {
  label?: string | null;
  size?: number;
  version?: number;
  content_type?: string | null;
  /** the content's hash (the blob's key) */
  external_key?: string | null;
  /** the last modification time a WebDAV client (rclone) set, else the upload's */
  modified_at?: string | null;
  trashed_at?: string | null;
  trashed_from?: string | null;
};

/** A wallet; balance is kept by the service (start_balance plus every confirmed, not imported record). */
export type WalletDoc = Stored<'Wallet', z.output<typeof WalletFields>> & { balance?: number; label?: string | null };
export type WalletBalanceDoc = Stored<'WalletBalance', WalletBalanceFields>;
/** What every money record carries besides its fields: set by the confirm/import handlers and the service. */
interface MoneyState {
  confirmed?: boolean;
  imported?: boolean;
  /** the wallet's currency (Income, Outgo, Transfer) */
  currency?: string;
  label?: string | null;
}
export type IncomeDoc = Stored<'Income', z.output<typeof IncomeFields>> & MoneyState;
export type OutgoDoc = Stored<'Outgo', z.output<typeof OutgoFields>> & MoneyState;
export type TransferDoc = Stored<'Transfer', z.output<typeof TransferFields>> & MoneyState;
export type ExchangeDoc = Stored<'Exchange', z.output<typeof ExchangeFields>> & MoneyState & { currency_out?: string; currency_in?: string };

/** A bank statement's import: what was asked, and its progress and outcome as the service writes them. */
export type CsvImportDoc = Stored<'CsvImport', z.output<typeof CsvImportFields>> & Partial<CsvImportProgress> & { label?: string | null; undone_records?: number };
/** A mapping rule. */
export type MappingDoc = Stored<'Mapping', z.output<typeof MappingFields>> & { label?: string | null };

/** A feed subscription; the fetch state and the unread count are kept by the reader service. */
export type ReaderSubscriptionDoc = Stored<'ReaderSubscription', z.output<typeof ReaderSubscriptionFields>> & Partial<ReaderFetchState> & { label?: string | null };
export type ReaderLabelDoc = Stored<'ReaderLabel', z.output<typeof ReaderLabelFields>> & { label?: string | null };
/** An item of a feed, as the fetcher stored it (the feed's `_find` leaves content out). */
export type ReaderItemDoc = Stored<'ReaderItem', ReaderItemFields> & { label?: string | null };
/** A handbook (wiki page) with what the notes service keeps on it. */
export type HandbookDoc = Stored<'Handbook', z.output<typeof HandbookFields>> & Partial<HandbookServerFields> & { label?: string | null };
export type BookmarkDoc = Stored<'Bookmark', z.output<typeof BookmarkFields>> & Partial<BookmarkServerFields> & { label?: string | null };

/** Klass → the document the API answers for it; klasses without a declared shape answer a plain Doc. */
export interface KlassDocs {
  User: PublicUser;
  UserConfiguration: UserConfigurationDoc;
  UserToken: UserTokenDoc;
  Account: AccountDoc;
  AccountConfiguration: AccountSettingDoc;
  Subscription: SubscriptionDoc;
  PlanPrice: PlanPriceDoc;
  Ticket: TicketDoc;
  Comment: CommentDoc;
  Customer: CustomerDoc;
  Equipment: EquipmentDoc;
  Category: CategoryDoc;
  Contract: ContractDoc;
  ContractItem: ContractItemDoc;
  Estimate: EstimateDoc;
  Maintenance: MaintenanceDoc;
  CloudFile: CloudFileDoc;
  Wallet: WalletDoc;
  WalletBalance: WalletBalanceDoc;
  Income: IncomeDoc;
  Outgo: OutgoDoc;
  Transfer: TransferDoc;
  Exchange: ExchangeDoc;
  CsvImport: CsvImportDoc;
  Mapping: MappingDoc;
  ReaderSubscription: ReaderSubscriptionDoc;
  ReaderLabel: ReaderLabelDoc;
  ReaderItem: ReaderItemDoc;
  Handbook: HandbookDoc;
  Bookmark: BookmarkDoc;
}

/** The document of klass K (a plain Doc for a klass without a declared shape). */
export type KlassDoc<K extends Klass> = K extends keyof KlassDocs ? KlassDocs[K] : Doc & { klass: K };
