import { APP_NAME, button, greeting, html, layout, MailTemplateDef } from './template';

// Sent on registration, on a resend request and when the user changes their e-mail address (spec §4 E-mail confirmation).
export const confirmation: MailTemplateDef<'name' | 'email' | 'link'> = {
  vars: ['name', 'email', 'link'],
  locales: {
    en: (v) => {
      const subject = `Confirm your e-mail address for ${APP_NAME}`;
      return {
        subject,
        text: `${greeting('Hello', v.name)}

Please confirm your e-mail address ${v.email} by opening this link:

${v.link}

If you did not ask for this, you can ignore this message.
`,
        html: layout(
          subject,
          html`<p>${greeting('Hello', v.name)}</p>
<p>Please confirm your e-mail address <strong>${v.email}</strong>.</p>
${button(v.link, 'Confirm my e-mail')}
<p>If you did not ask for this, you can ignore this message.</p>`,
        ),
      };
    },
    'pt-BR': (v) => {
      const subject = `Confirme seu e-mail no ${APP_NAME}`;
      return {
        subject,
        text: `${greeting('Olá', v.name)}

Confirme seu endereço de e-mail ${v.email} abrindo este link:

${v.link}

Se você não pediu isso, pode ignorar esta mensagem.
`,
        html: layout(
          subject,
          html`<p>${greeting('Olá', v.name)}</p>
<p>Confirme seu endereço de e-mail <strong>${v.email}</strong>.</p>
${button(v.link, 'Confirmar meu e-mail')}
<p>Se você não pediu isso, pode ignorar esta mensagem.</p>`,
        ),
      };
    },
  },
};
