import { ModuleNav } from '@app/module-kit';

// the notes screens: handbooks (spec §2's notes menu), the wiki, bookmarks and search
const ITEMS = [
  { key: 'handbooks', path: 'handbooks' },
  { key: 'wiki', path: 'wiki' },
  { key: 'bookmarks', path: 'bookmarks' },
  { key: 'search', path: 'notes-search' },
];

export const NotesNav = ({ accountId }: { accountId: string }) => <ModuleNav accountId={accountId} items={ITEMS} />;
