import { afterEach, describe, expect, it } from 'vitest';
import { activeModule, flagOn, hostModule, MODULE_KEY, switcherModules } from './active-module';
import { storeModule } from './module-store';

afterEach(() => sessionStorage.clear());

describe('active module (spec §1)', () => {
  it('takes the stored module name first', () => {
    expect(activeModule('reader', 'finance.example.com')).toBe('reader');
    expect(activeModule('notes', 'localhost')).toBe('notes');
  });

  it('falls back to the host name, then to ticket', () => {
    expect(activeModule(null, 'finance.example.com')).toBe('finance');
    expect(activeModule(undefined, 'disk.example.com')).toBe('disk');
    expect(activeModule('', 'NOTES.example.com')).toBe('notes');
    expect(activeModule(null, 'reader.example.com')).toBe('reader');
    expect(activeModule(null, 'www.example.com')).toBe('ticket');
    expect(activeModule(null, 'localhost')).toBe('ticket');
    expect(activeModule(null, '')).toBe('ticket');
  });

  it('ignores a stored name that is no module', () => {
    expect(activeModule('bogus', 'disk.example.com')).toBe('disk');
    expect(activeModule('bogus', 'example.com')).toBe('ticket');
  });

  it('reads a suggestion only from the first label of a host with a domain', () => {
    expect(hostModule('finance.example.com')).toBe('finance');
    expect(hostModule('myfinance.example.com')).toBeUndefined();
    expect(hostModule('example.finance.com')).toBeUndefined();
    expect(hostModule('finance')).toBeUndefined();
    expect(hostModule(undefined)).toBeUndefined();
  });

  it('stores the chosen module in sessionStorage under `module`', () => {
    storeModule('finance');
    expect(sessionStorage.getItem(MODULE_KEY)).toBe('finance');
    expect(activeModule(sessionStorage.getItem(MODULE_KEY), 'reader.example.com')).toBe('finance');
  });
});

describe('module switcher', () => {
  const all = ['disk', 'finance', 'notes', 'reader', 'tickets'];

  it('lists ticket always, and the modules enabled for the account', () => {
    expect(switcherModules({ budget: true, rdisk: false, textnotes: false, exoreader: true }, 'localhost', all)).toEqual(['ticket', 'finance', 'reader']);
    expect(switcherModules({ budget: 'false', rdisk: 'on', textnotes: '0', exoreader: 'true' }, 'localhost', all)).toEqual(['ticket', 'disk', 'reader']);
  });

  it('takes the defaults for absent flags: budget, rdisk and textnotes on, exoreader off', () => {
    expect(switcherModules({}, 'localhost', all)).toEqual(['ticket', 'finance', 'disk', 'notes']);
  });

  it('adds the module the host name suggests even when disabled', () => {
    expect(switcherModules({ budget: false, rdisk: false, textnotes: false, exoreader: false }, 'reader.example.com', all)).toEqual(['ticket', 'reader']);
  });

  it('without an account configuration lists ticket and the host suggestion only', () => {
    expect(switcherModules(undefined, 'localhost', all)).toEqual(['ticket']);
    expect(switcherModules(undefined, 'notes.example.com', all)).toEqual(['ticket', 'notes']);
  });

  it('lists no module whose remote is not deployed (or while that is unknown), enabled or suggested', () => {
    expect(switcherModules({ exoreader: true }, 'notes.example.com', ['tickets'])).toEqual(['ticket']);
    expect(switcherModules({ exoreader: true }, 'notes.example.com', undefined)).toEqual(['ticket']);
    expect(switcherModules({ exoreader: true }, 'notes.example.com', ['tickets', 'reader'])).toEqual(['ticket', 'reader']);
  });

  it('reads on/off values', () => {
    expect(flagOn(undefined, true)).toBe(true);
    expect(flagOn(null, false)).toBe(false);
    expect(flagOn('yes', false)).toBe(true);
    expect(flagOn('off', true)).toBe(false);
    expect(flagOn(0, true)).toBe(false);
  });
});
