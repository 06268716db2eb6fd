import { APP_NAME, greeting, html, layout, MailTemplateDef } from './template';

// Sent after a password change on the profile and after a password reset.
export const passwordChanged: MailTemplateDef<'name' | 'email'> = {
  vars: ['name', 'email'],
  locales: {
    en: (v) => {
      const subject = `Your ${APP_NAME} password was changed`;
      return {
        subject,
        text: `${greeting('Hello', v.name)}

The password of your account ${v.email} was just changed.

If you did not do this, reset your password right away and contact us.
`,
        html: layout(
          subject,
          html`<p>${greeting('Hello', v.name)}</p>
<p>The password of your account <strong>${v.email}</strong> was just changed.</p>
<p>If you did not do this, reset your password right away and contact us.</p>`,
        ),
      };
    },
    'pt-BR': (v) => {
      const subject = `Sua senha do ${APP_NAME} foi alterada`;
      return {
        subject,
        text: `${greeting('Olá', v.name)}

A senha da sua conta ${v.email} acabou de ser alterada.

Se não foi você, redefina sua senha imediatamente e fale conosco.
`,
        html: layout(
          subject,
          html`<p>${greeting('Olá', v.name)}</p>
<p>A senha da sua conta <strong>${v.email}</strong> acabou de ser alterada.</p>
<p>Se não foi você, redefina sua senha imediatamente e fale conosco.</p>`,
        ),
      };
    },
  },
};
