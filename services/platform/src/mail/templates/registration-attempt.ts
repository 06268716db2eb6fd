import { APP_NAME, button, greeting, html, layout, MailTemplateDef } from './template';

// Sent to the owner of an address when someone registers it again: the registration is answered like a new one, so
// the answer does not tell that the address has an account, and the owner learns of it here. Only the owner's own
// name and address appear; nothing the person registering typed does.
export const registrationAttempt: MailTemplateDef<'name' | 'email' | 'login_link' | 'reset_link'> = {
  vars: ['name', 'email', 'login_link', 'reset_link'],
  locales: {
    en: (v) => {
      const subject = `Someone tried to create a ${APP_NAME} profile with your e-mail`;
      return {
        subject,
        text: `${greeting('Hello', v.name)}

Someone tried to create a profile with your e-mail address ${v.email}, which already has one. Nothing was changed.

If it was you, sign in:

${v.login_link}

If you do not remember your password, choose a new one:

${v.reset_link}

If it was not you, you can ignore this message.
`,
        html: layout(
          subject,
          html`<p>${greeting('Hello', v.name)}</p>
<p>Someone tried to create a profile with your e-mail address <strong>${v.email}</strong>, which already has one. Nothing was changed.</p>
<p>If it was you, sign in:</p>
${button(v.login_link, 'Sign in')}
<p>If you do not remember your password, choose a new one:</p>
${button(v.reset_link, 'Reset my password')}
<p>If it was not you, you can ignore this message.</p>`,
        ),
      };
    },
    'pt-BR': (v) => {
      const subject = `Alguém tentou criar um perfil no ${APP_NAME} com seu e-mail`;
      return {
        subject,
        text: `${greeting('Olá', v.name)}

Alguém tentou criar um perfil com seu endereço de e-mail ${v.email}, que já tem um. Nada foi alterado.

Se foi você, entre:

${v.login_link}

Se você não lembra sua senha, escolha uma nova:

${v.reset_link}

Se não foi você, pode ignorar esta mensagem.
`,
        html: layout(
          subject,
          html`<p>${greeting('Olá', v.name)}</p>
<p>Alguém tentou criar um perfil com seu endereço de e-mail <strong>${v.email}</strong>, que já tem um. Nada foi alterado.</p>
<p>Se foi você, entre:</p>
${button(v.login_link, 'Entrar')}
<p>Se você não lembra sua senha, escolha uma nova:</p>
${button(v.reset_link, 'Redefinir minha senha')}
<p>Se não foi você, pode ignorar esta mensagem.</p>`,
        ),
      };
    },
  },
};
