import * as proto from '@app/proto';
import { describe, expect, it } from 'vitest';
import * as contract from './contract';

describe("the disk contract's constants written out for the bundle", () => {
  it("equal proto's", () => {
    expect([contract.LIVE_KINDS, contract.TRASHED_KINDS, contract.FOLDER_KINDS, contract.COLORS]).toEqual([proto.LIVE_FILE_KINDS, proto.TRASHED_FILE_KINDS, proto.DIR_KINDS, proto.FILE_COLORS]);
    expect([contract.VERSIONS_KEPT_BY_DEFAULT, contract.MOST_VERSIONS_KEPT, contract.DESCRIPTION_MAX, contract.DAYS_IN_TRASH, contract.FIND_LIMIT, contract.NAME_MAX_BYTES]).toEqual([
      proto.DEFAULT_MAX_VERSIONS,
      proto.MAX_MAX_VERSIONS,
      proto.MAX_FILE_DESCRIPTION,
      proto.TRASH_DAYS,
      proto.MAX_FIND_LIMIT,
      proto.MAX_FILE_NAME_BYTES,
    ]);
    expect([contract.DESIGN, contract.VIEWS, contract.UPDATES, contract.FILES_ROUTE, contract.DAV_ROUTE, contract.UPLOADS_SEGMENT, contract.BAD_NAME]).toEqual([
      proto.DISK_DESIGN,
      proto.DISK_VIEWS,
      proto.DISK_UPDATES,
      proto.FILES_PREFIX,
      proto.DAV_PREFIX,
      proto.TUS_UPLOADS,
      proto.DISK_MESSAGES.badName,
    ]);
  });

  it('tells folder kinds (live, app, trashed) from file kinds as proto does', () => {
    for (const kind of proto.FILE_KINDS) expect([kind, contract.isFolder(kind)]).toEqual([kind, proto.isDirKind(kind)]);
  });
});
