import { moduleRemote } from '@app/module-kit/build';

// The tickets module remote, served as /modules/tickets/: tickets, the board, customers, equipment, contracts,
// estimates, maintenance and receipts. Its shared libraries come from the shell (docs/modules.md).
export default moduleRemote({ name: 'tickets' });
