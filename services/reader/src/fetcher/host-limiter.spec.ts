import { HostLimiter } from './host-limiter';

const tick = () => new Promise((r) => setImmediate(r));

describe('HostLimiter', () => {
  it('runs at most N tasks of one host at once, the rest in arrival order, and other hosts beside them', async () => {
    const limiter = new HostLimiter(2);
    const started: string[] = [];
    const release: Record<string, () => void> = {};
    const task = (name: string) => () => new Promise<string>((resolve) => {
      started.push(name);
      release[name] = () => resolve(name);
    });
    const runs = ['a1', 'a2', 'a3', 'a4'].map((n) => limiter.run('A.example', task(n)));
    const other = limiter.run('b.example', task('b1'));
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    expect(limiter.load('a.example')).toEqual({ running: 2, waiting: 2 });
    release.a2();
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    release.a1();
    release.a3();
    await tick();
    release.a4();
    release.b1();
    expect(await Promise.all([...runs, other])).toEqual(['a1', 'a2', 'a3', 'a4', 'b1']);
    expect(limiter.load('a.example')).toEqual({ running: 0, waiting: 0 });
  });

  it('a failing task frees its place', async () => {
    const limiter = new HostLimiter(1);
    await expect(limiter.run('h', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run('h', async () => 'next')).toBe('next');
  });
});
