import { moduleRemote } from '@app/module-kit/build';

// The finance module remote, served as /modules/finance/: wallets, incomes, outgos, transfers, exchanges, mappings,
// statements and the month. Its shared libraries come from the shell (docs/modules.md).
export default moduleRemote({ name: 'finance' });
