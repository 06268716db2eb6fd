import { z } from 'zod';

// Client-side checks of the profile forms; messages are i18n keys (validation.*). The server checks the rest.
const required = z.string().min(1, 'validation.required');

export const profileSchema = z.object({
  fullname: z.string().trim(),
  newsletter: z.boolean(),
  unconfirmed_email: z.union([z.literal(''), z.string().trim().email('validation.invalid_email')]),
  current_password: required,
});
export type ProfileValues = z.infer<typeof profileSchema>;
export const PROFILE_FIELDS = ['fullname', 'newsletter', 'unconfirmed_email', 'current_password'] as const;

export const passwordSchema = z.object({ password: required, password_confirmation: required, current_password: required });
export type PasswordValues = z.infer<typeof passwordSchema>;
export const PASSWORD_FIELDS = ['password', 'password_confirmation', 'current_password'] as const;
