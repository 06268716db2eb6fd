import { afterEach, describe, expect, it, vi } from 'vitest';

// The app's code failed to load (a chunk of a replaced release, the network): the page says so, nothing is left to an
// unhandled rejection and a blank page.
vi.mock('./bootstrap', () => {
  throw new Error('Loading chunk bootstrap failed');
});

describe('the entry point', () => {
  afterEach(() => document.body.replaceChildren());

  it('says the app could not be loaded when its code fails to load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    const entry = './index'; // a script, not a module: named by a variable so TypeScript does not ask for exports
    await import(entry);
    await vi.waitFor(() => expect(root.textContent).toMatch(/could not be loaded|Não foi possível carregar/));
    expect(error).toHaveBeenCalledWith('the app could not be loaded', expect.any(Error));
  });
});
