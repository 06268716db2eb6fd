import { moduleRemote } from '@app/module-kit/build';

// The notes module remote, served as /modules/notes/: handbooks, the wiki, bookmarks and search. Its shared libraries
// come from the shell (docs/modules.md).
export default moduleRemote({ name: 'notes' });
