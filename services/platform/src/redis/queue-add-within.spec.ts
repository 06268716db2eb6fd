import { queueAddWithin } from './queue-add-within';

describe('queueAddWithin', () => {
  it('is null when the add resolves, the error when it rejects, a timeout when it hangs; never throws', async () => {
    expect(await queueAddWithin(Promise.resolve(1))).toBeNull();
    expect((await queueAddWithin(Promise.reject(new Error('refused'))))?.message).toBe('refused');
    const hung = new Promise(() => undefined);
    expect((await queueAddWithin(hung, 20))?.message).toBe('the queue did not answer in 20 ms');
  });

  it('a late rejection after the bound is not left unhandled', async () => {
    let reject!: (e: Error) => void;
    const late = new Promise((_, r) => (reject = r));
    const seen: unknown[] = [];
    const listener = (e: unknown) => seen.push(e);
    process.on('unhandledRejection', listener);
    try {
      expect(await queueAddWithin(late, 10)).toBeInstanceOf(Error);
      reject(new Error('too late'));
      await new Promise((r) => setTimeout(r, 20));
      expect(seen).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});
