import { AppError } from '@app/proto';
import { validateConfiguration } from './configuration.rules';

const fail = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return { error: (e as AppError).error, reason: (e as AppError).reason };
  }
  throw new Error('did not throw');
};

describe('user configuration rules', () => {
  it('creates with a key and a value, keeping a ucn- _id', () => {
    expect(validateConfiguration({ key: 'locale', value: 'pt-BR' }, null)).toEqual({ key: 'locale', value: 'pt-BR' });
    expect(validateConfiguration({ _id: 'ucn-locale', klass: 'UserConfiguration', key: 'theme', value: { dark: true } }, null)).toEqual({
      _id: 'ucn-locale',
      key: 'theme',
      value: { dark: true },
    });
    expect(fail(() => validateConfiguration({ value: 1 }, null)).reason).toEqual({ key: 'cant-be-blank' });
    expect(fail(() => validateConfiguration({ _id: 'usr-x', key: 'a', value: 1 }, null)).reason).toEqual({ _id: 'is-invalid' });
  });

  it('checks the locale value', () => {
    expect(fail(() => validateConfiguration({ key: 'locale', value: 'fr' }, null))).toEqual({ error: 'unprocessable_entity', reason: { value: 'is-invalid' } });
    expect(fail(() => validateConfiguration({ value: 'fr' }, { key: 'locale' })).reason).toEqual({ value: 'is-invalid' });
  });

  it('updates the value of the same key only', () => {
    expect(validateConfiguration({ value: 'en' }, { key: 'locale' })).toEqual({ key: 'locale', value: 'en' });
    expect(validateConfiguration({ _id: 'ucn-1', key: 'locale', value: 'en' }, { key: 'locale' })).toEqual({ key: 'locale', value: 'en' });
    expect(fail(() => validateConfiguration({ key: 'other', value: 'en' }, { key: 'locale' })).reason).toEqual({ key: 'is-invalid' });
    expect(fail(() => validateConfiguration({ value: 'en', extra: 1 }, { key: 'locale' }))).toEqual({ error: 'bad_request', reason: 'Unknown field: extra' });
  });
});
