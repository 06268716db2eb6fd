import { ModuleNav as Nav } from '@app/module-kit';
import { useFeatures } from '../hooks/account';

// tickets, board, mine, search, the records, and the maintenance area with its records when the feature is on
const SEGMENTS = ['tickets', 'ticket-board', 'my-tickets', 'tickets-search', 'customers', 'equipment', 'categories', 'contracts', 'estimates'];
const MAINTENANCE = ['maintenances', 'maintenance'];

export function ModuleNav({ accountId }: { accountId: string }) {
  const { maintenance } = useFeatures(accountId);
  const items = [...SEGMENTS, ...(maintenance ? MAINTENANCE : [])].map((key) => ({ key, path: key }));
  return <Nav accountId={accountId} items={items} />;
}
