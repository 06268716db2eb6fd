import { moduleRemote } from '@app/module-kit/build';

// The disk module remote, served as /modules/disk/: folders, files, uploads, versions, trash and WebDAV setup. Its
// shared libraries come from the shell (docs/modules.md).
export default moduleRemote({ name: 'disk' });
