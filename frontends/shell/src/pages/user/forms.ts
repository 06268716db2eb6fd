import { z } from 'zod';
import type { EmailRequest, PasswordResetRequest, RegisterRequest } from '@app/proto';
import { requestForm } from '../../app/request-form';

// Client-side checks of the public forms; messages are i18n keys (validation.*), shown through t().
export const emailField = z.string().trim().min(1, 'validation.required').email('validation.invalid_email');
export const passwordField = z.string().min(1, 'validation.required');

// the login form checks itself without zod (login-form.ts): it is the first page loaded

/**
 * Registration (spec §5): the e-mail is required; name and password are optional (a profile without a password gets
 * one through "Forgot password", docs/decisions.md); password and confirmation must match unless both are empty; an
 * unticked accept box stops the form here, before anything is sent.
 */
export const registerSchema = requestForm<typeof RegisterRequest>()({
  email: emailField,
  fullname: z.string().trim(),
  password: z.string(),
  password_confirmation: z.string(),
  accept: z.boolean().refine((v) => v, 'validation.must-be-accepted'),
}).superRefine((v, ctx) => {
  if (v.password !== v.password_confirmation) ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'validation.doesnt-match' });
});
export type RegisterValues = z.infer<typeof registerSchema>;

export const emailSchema = requestForm<typeof EmailRequest>()({ email: emailField });
export type EmailValues = z.infer<typeof emailSchema>;

export const newPasswordSchema = requestForm<typeof PasswordResetRequest>()({ password: passwordField, password_confirmation: passwordField });
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
