import { button, greeting, html, layout, MailTemplateDef } from './template';

// A ticket's status page, mailed to the ticket's customer from the ticket page (issue 31). `name` is the customer's
// name, `group` the shop's, `link` the page (`<PUBLIC_URL>/s/<token>`); `ticket` ("#42 Notebook") and `days` (how
// long the page works after the repair is finished) are optional.
type Vars = Record<'name' | 'group' | 'link', string> & { ticket?: string; days?: string };

export const ticketStatusLink: MailTemplateDef<'name' | 'group' | 'link'> = {
  vars: ['name', 'group', 'link'],
  locales: {
    en: (v: Vars) => {
      const what = v.ticket ? `your repair ${v.ticket}` : 'your repair';
      const subject = `${v.group}: follow ${what}`;
      const until = v.days ? `The page works until ${v.days} days after the repair is finished.` : '';
      return {
        subject,
        text: `${greeting('Hello', v.name)}

${v.group} sent you the page where you can follow ${what}, and answer an estimate when there is one:

${v.link}

No login is needed. ${until}
`,
        html: layout(
          subject,
          html`<p>${greeting('Hello', v.name)}</p>
<p><strong>${v.group}</strong> sent you the page where you can follow ${what}, and answer an estimate when there is one:</p>
${button(v.link, 'Follow my repair')}
<p>No login is needed. ${until}</p>`,
        ),
      };
    },
    'pt-BR': (v: Vars) => {
      const what = v.ticket ? `seu conserto ${v.ticket}` : 'seu conserto';
      const subject = `${v.group}: acompanhe ${what}`;
      const until = v.days ? `A página funciona até ${v.days} dias depois que o conserto fica pronto.` : '';
      return {
        subject,
        text: `${greeting('Olá', v.name)}

${v.group} enviou a página onde você acompanha ${what} e responde a um orçamento quando houver:

${v.link}

Não é preciso entrar com senha. ${until}
`,
        html: layout(
          subject,
          html`<p>${greeting('Olá', v.name)}</p>
<p><strong>${v.group}</strong> enviou a página onde você acompanha ${what} e responde a um orçamento quando houver:</p>
${button(v.link, 'Acompanhar meu conserto')}
<p>Não é preciso entrar com senha. ${until}</p>`,
        ),
      };
    },
  },
};
