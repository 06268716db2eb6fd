import { describe, expect, it } from 'vitest';
import { nextToStart, percent, shouldRetryUpload, uploadError, uploadMetadata, uploadsReducer, type UploadItem } from './uploads';

const add = (state: UploadItem[], ...names: string[]) =>
  uploadsReducer(state, { type: 'add', items: names.map((name) => ({ key: name, name, size: 1000, target: { dirId: null } })) });

describe('the upload queue', () => {
  it('adds files as waiting rows with nothing sent, in the order chosen', () => {
    const state = add([], 'a.txt', 'b.txt');
    expect(state.map((i) => [i.name, i.status, i.sent])).toEqual([
      ['a.txt', 'queued', 0],
      ['b.txt', 'queued', 0],
    ]);
  });

  it('starts two at a time, then the next one when a running one finishes', () => {
    let state = add([], 'a', 'b', 'c');
    expect(nextToStart(state).map((i) => i.key)).toEqual(['a', 'b']);
    state = uploadsReducer(uploadsReducer(state, { type: 'start', key: 'a' }), { type: 'start', key: 'b' });
    expect(nextToStart(state)).toEqual([]);
    state = uploadsReducer(state, { type: 'done', key: 'a' });
    expect(nextToStart(state).map((i) => i.key)).toEqual(['c']);
  });

  it('follows the bytes sent (the server’s total wins), and a done row is full', () => {
    let state = uploadsReducer(add([], 'a'), { type: 'start', key: 'a' });
    state = uploadsReducer(state, { type: 'progress', key: 'a', sent: 250, total: 1000 });
    expect(percent(state[0])).toBe(25);
    state = uploadsReducer(state, { type: 'progress', key: 'a', sent: 600, total: 1200 });
    expect([state[0].size, percent(state[0])]).toEqual([1200, 50]);
    state = uploadsReducer(state, { type: 'done', key: 'a' });
    expect([state[0].status, state[0].sent, percent(state[0])]).toEqual(['done', 1200, 100]);
  });

  it('shows a dropped connection as retrying, and goes back to uploading when bytes flow again', () => {
    let state = uploadsReducer(uploadsReducer(add([], 'a'), { type: 'start', key: 'a' }), { type: 'progress', key: 'a', sent: 400 });
    state = uploadsReducer(state, { type: 'retrying', key: 'a' });
    expect([state[0].status, state[0].sent]).toEqual(['retrying', 400]);
    state = uploadsReducer(state, { type: 'progress', key: 'a', sent: 500 });
    expect(state[0].status).toBe('uploading');
  });

  it('keeps a failure’s reason, ignores late events of a finished row, and clears only finished rows', () => {
    let state = add([], 'a', 'b', 'c');
    state = uploadsReducer(state, { type: 'failed', key: 'a', error: { reason: 'Disk full', key: 'quota' } });
    state = uploadsReducer(state, { type: 'progress', key: 'a', sent: 10 });
    state = uploadsReducer(state, { type: 'cancelled', key: 'b' });
    state = uploadsReducer(state, { type: 'done', key: 'b' });
    expect(state.map((i) => i.status)).toEqual(['failed', 'cancelled', 'queued']);
    expect(state[0].error).toEqual({ reason: 'Disk full', key: 'quota' });
    expect(uploadsReducer(state, { type: 'clear' }).map((i) => i.key)).toEqual(['c']);
    expect(uploadsReducer(state, { type: 'clear', keys: ['b', 'c'] }).map((i) => i.key)).toEqual(['a', 'c']);
  });

  it('counts an empty file as 0% until done', () => {
    expect(percent({ sent: 0, size: 0, status: 'uploading' })).toBe(0);
    expect(percent({ sent: 0, size: 0, status: 'done' })).toBe(100);
  });
});

describe('tus rules', () => {
  it('retries a dropped connection, server errors, conflicts and locks, never a quota refusal or another 4xx', () => {
    expect([0, 500, 502, 503, 409, 423].map(shouldRetryUpload)).toEqual([true, true, true, true, true, true]);
    expect([507, 413, 400, 403, 404, 410, 422].map(shouldRetryUpload)).toEqual([false, false, false, false, false, false, false]);
  });

  it("takes a refusal's reason from its {error, reason} body, else names the case", () => {
    expect(uploadError(507, JSON.stringify({ error: 'insufficient_storage', reason: 'The disk is full: 100 MB of 100 MB used' }))).toEqual({
      reason: 'The disk is full: 100 MB of 100 MB used',
      key: 'quota',
    });
    expect(uploadError(413, '<html>Too large</html>')).toEqual({ key: 'quota' });
    expect(uploadError(403, '{"error":"forbidden"}')).toEqual({ key: 'refused' });
    expect(uploadError(0, undefined)).toEqual({ key: 'network' });
  });

  it('sends name and dir_id (empty for the root) for a new file, file_id for a new version, and the type when known', () => {
    expect(uploadMetadata({ name: 'a.png', type: 'image/png' }, { dirId: null })).toEqual({ name: 'a.png', dir_id: '', filetype: 'image/png' });
    expect(uploadMetadata({ name: 'a.bin', type: '' }, { dirId: 'cfl-1' })).toEqual({ name: 'a.bin', dir_id: 'cfl-1' });
    expect(uploadMetadata({ name: 'a.png', type: 'image/png' }, { fileId: 'cfl-9' })).toEqual({ file_id: 'cfl-9', filetype: 'image/png' });
  });
});
