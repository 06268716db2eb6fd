import type { DavRepository } from '../dav/dav.repository';
import type { DiskConfig } from '../common/disk-config';
import type { DiskHttpServer } from '../http/disk-http';
import type { DiskFiles } from './disk-files';
import { DiskSweeper } from './disk-sweeper';

// The sweeper runs from a timer (`void this.sweep()`): a round that fails must be logged and over, never a rejected
// promise nobody awaits (PostgreSQL away for a moment: the pool can't give a connection).

describe('DiskSweeper', () => {
  it('a round whose database connection fails resolves (logged), and the next one runs', async () => {
    let connects = 0;
    const pool = {
      connect: () => {
        connects++;
        return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
      },
    };
    const files = { repo: { pool } } as unknown as DiskFiles;
    const sweeper = new DiskSweeper(files, {} as DavRepository, {} as DiskHttpServer, { trashDays: 30 } as DiskConfig);
    await expect(sweeper.sweep()).resolves.toBeUndefined();
    await expect(sweeper.sweep()).resolves.toBeUndefined();
    expect(connects).toBe(2);
  });
});
