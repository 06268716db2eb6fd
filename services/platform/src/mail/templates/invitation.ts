import { APP_NAME, button, greeting, html, layout, MailTemplateDef } from './template';

// Sent when a group administrator invites an e-mail address (spec §6). `name` is the inviter's, `email` the invited
// address, `link` the profile's invites tab (`/user/profile?page=invites`); `group`, the group's name, is optional.
type Vars = Record<'name' | 'email' | 'link', string> & { group?: string };

const who = (name: string, fallback: string) => name || fallback;

export const invitation: MailTemplateDef<'name' | 'email' | 'link'> = {
  vars: ['name', 'email', 'link'],
  locales: {
    en: (v: Vars) => {
      const group = v.group ? `the group ${v.group}` : 'a group';
      const subject = `${who(v.name, 'Someone')} invited you to ${group} on ${APP_NAME}`;
      return {
        subject,
        text: `${greeting('Hello', '')}

${who(v.name, 'Someone')} invited ${v.email} to join ${group} on ${APP_NAME}.

To accept, sign in (or create your profile with this e-mail address), confirm your e-mail and open your invites:

${v.link}

If you do not want to join, you can ignore this message.
`,
        html: layout(
          subject,
          html`<p>${greeting('Hello', '')}</p>
<p><strong>${who(v.name, 'Someone')}</strong> invited <strong>${v.email}</strong> to join ${group} on ${APP_NAME}.</p>
<p>To accept, sign in (or create your profile with this e-mail address), confirm your e-mail and open your invites:</p>
${button(v.link, 'See my invites')}
<p>If you do not want to join, you can ignore this message.</p>`,
        ),
      };
    },
    'pt-BR': (v: Vars) => {
      const group = v.group ? `o grupo ${v.group}` : 'um grupo';
      const ofGroup = v.group ? `do grupo ${v.group}` : 'de um grupo';
      const subject = `${who(v.name, 'Alguém')} convidou você para ${group} no ${APP_NAME}`;
      return {
        subject,
        text: `${greeting('Olá', '')}

${who(v.name, 'Alguém')} convidou ${v.email} para participar ${ofGroup} no ${APP_NAME}.

Para aceitar, entre (ou crie seu perfil com este e-mail), confirme seu e-mail e abra seus convites:

${v.link}

Se você não quiser participar, pode ignorar esta mensagem.
`,
        html: layout(
          subject,
          html`<p>${greeting('Olá', '')}</p>
<p><strong>${who(v.name, 'Alguém')}</strong> convidou <strong>${v.email}</strong> para participar ${ofGroup} no ${APP_NAME}.</p>
<p>Para aceitar, entre (ou crie seu perfil com este e-mail), confirme seu e-mail e abra seus convites:</p>
${button(v.link, 'Ver meus convites')}
<p>Se você não quiser participar, pode ignorar esta mensagem.</p>`,
        ),
      };
    },
  },
};
