import { APP_NAME, button, greeting, html, layout, MailTemplateDef } from './template';

// The reset link is valid 24 hours and works once (spec §9 Password reset link).
export const passwordReset: MailTemplateDef<'name' | 'link'> = {
  vars: ['name', 'link'],
  locales: {
    en: (v) => {
      const subject = `Reset your ${APP_NAME} password`;
      return {
        subject,
        text: `${greeting('Hello', v.name)}

Someone asked to reset the password of your account. To choose a new password, open this link within 24 hours:

${v.link}

If you did not ask for this, you can ignore this message: your password stays the same.
`,
        html: layout(
          subject,
          html`<p>${greeting('Hello', v.name)}</p>
<p>Someone asked to reset the password of your account. To choose a new password, open this link within 24 hours:</p>
${button(v.link, 'Choose a new password')}
<p>If you did not ask for this, you can ignore this message: your password stays the same.</p>`,
        ),
      };
    },
    'pt-BR': (v) => {
      const subject = `Redefina sua senha do ${APP_NAME}`;
      return {
        subject,
        text: `${greeting('Olá', v.name)}

Alguém pediu para redefinir a senha da sua conta. Para escolher uma nova senha, abra este link em até 24 horas:

${v.link}

Se você não pediu isso, pode ignorar esta mensagem: sua senha continua a mesma.
`,
        html: layout(
          subject,
          html`<p>${greeting('Olá', v.name)}</p>
<p>Alguém pediu para redefinir a senha da sua conta. Para escolher uma nova senha, abra este link em até 24 horas:</p>
${button(v.link, 'Escolher uma nova senha')}
<p>Se você não pediu isso, pode ignorar esta mensagem: sua senha continua a mesma.</p>`,
        ),
      };
    },
  },
};
