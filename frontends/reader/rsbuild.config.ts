import { moduleRemote } from '@app/module-kit/build';

// The reader module remote, served as /modules/reader/: subscriptions, labels and the feed, and the dashboard's card
// (mark-read-on-open and the feed, spec §2). Its shared libraries come from the shell (docs/modules.md).
export default moduleRemote({ name: 'reader', exposes: ['DashboardCard'] });
