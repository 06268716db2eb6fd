// The login form's client-side checks, without zod or react-hook-form: the login page is the first load, and those two
// weigh 35 kB gzip (bench/shell). Messages are i18n keys (validation.*), as in forms.ts.

export interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

export type LoginErrors = Partial<Record<'email' | 'password', string>>;

// one @, no spaces, a dot in the domain: what zod's .email() accepts for the addresses people type
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function validateLogin(values: Pick<LoginValues, 'email' | 'password'>): LoginErrors {
  const errors: LoginErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'validation.required';
  else if (!EMAIL.test(email)) errors.email = 'validation.invalid_email';
  if (!values.password) errors.password = 'validation.required';
  return errors;
}
