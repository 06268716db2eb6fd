import { describe, expect, it } from 'vitest';
import { buildInfo } from './build-info';

const now = new Date('2026-11-28T10:00:00Z');

describe('the build facts the footer shows', () => {
  it('takes APP_VERSION and APP_RELEASE_DATE when the build is given them', () => {
    expect(buildInfo({ env: { APP_VERSION: '1.2.0+abc1234', APP_RELEASE_DATE: '2026-12-01' }, packageVersion: '0.1.0', commit: 'e78ebba', commitDate: '2026-11-20', now })).toEqual({
      version: '1.2.0+abc1234',
      release: '2026-12-01',
    });
  });

  it('else the package version with the commit, and the commit date', () => {
    expect(buildInfo({ env: {}, packageVersion: '0.1.0', commit: 'e78ebba', commitDate: '2026-11-20', now })).toEqual({ version: '0.1.0+e78ebba', release: '2026-11-20' });
  });

  it('else (no git) the package version and the day of the build; a malformed date is not taken', () => {
    expect(buildInfo({ env: { APP_RELEASE_DATE: 'yesterday' }, packageVersion: '0.1.0', commit: null, commitDate: null, now })).toEqual({ version: '0.1.0', release: '2026-11-28' });
  });
});
