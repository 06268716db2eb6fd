import { ModuleNav } from '@app/module-kit';

// spec §2's reader menu: its three lists
const ITEMS = ['reader_items', 'reader_subscriptions', 'reader_labels'].map((key) => ({ key, path: key }));

export const ReaderNav = ({ accountId }: { accountId: string }) => <ModuleNav accountId={accountId} items={ITEMS} />;
