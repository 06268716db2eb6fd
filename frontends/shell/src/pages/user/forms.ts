import { z } from 'zod';
import type { EmailRequest, PasswordResetRequest, RegisterRequest } from '@app/proto';
import { requestForm } from '../../app/request-form';

// Client-side checks of the public forms; messages are i18n keys (validation.*), shown through t().
export const emailField = z.string().trim().min(1, 'validation.required').email('validation.invalid_email');
export const passwordField = z.string().min(1, 'validation.required');

// the login form checks itself without zod (login-form.ts): it is the first page loaded

export const registerSchema = requestForm<typeof RegisterRequest>()({
  email: emailField,
  fullname: z.string().trim(),
  password: passwordField,
  password_confirmation: passwordField,
  accept: z.boolean(),
});
export type RegisterValues = z.infer<typeof registerSchema>;

export const emailSchema = requestForm<typeof EmailRequest>()({ email: emailField });
export type EmailValues = z.infer<typeof emailSchema>;

export const newPasswordSchema = requestForm<typeof PasswordResetRequest>()({ password: passwordField, password_confirmation: passwordField });
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
