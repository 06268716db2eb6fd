import { button, greeting, html, layout, MailTemplateDef } from './template';

// To each administrator of a group when a customer approves or declines an estimate on a ticket's status page
// (issue 31). `name` is the administrator's name, `group` the group's, `link` the ticket in the web app; `decision`
// ('approved' or 'declined'), `ticket` ("#42 Notebook"), `estimate` ("#7"), `total` ("US$ 120.00") and `note` (the
// customer's) are given by the tickets service.
type Vars = Record<'name' | 'group' | 'link', string> & { decision?: string; ticket?: string; estimate?: string; total?: string; note?: string };

export const estimateAnswered: MailTemplateDef<'name' | 'group' | 'link'> = {
  vars: ['name', 'group', 'link'],
  locales: {
    en: (v: Vars) => {
      const verb = v.decision === 'declined' ? 'declined' : 'approved';
      const estimate = v.estimate ? `estimate ${v.estimate}` : 'an estimate';
      const of = v.ticket ? ` of ticket ${v.ticket}` : '';
      const subject = `${v.group}: the customer ${verb} ${estimate}${of}`;
      const total = v.total ? ` (total ${v.total})` : '';
      const note = v.note ? `The customer's note: ${v.note}` : 'The customer left no note.';
      return {
        subject,
        text: `${greeting('Hello', v.name)}

The customer ${verb} ${estimate}${total}${of} on its status page.

${note}

${v.link}
`,
        html: layout(
          subject,
          html`<p>${greeting('Hello', v.name)}</p>
<p>The customer <strong>${verb}</strong> ${estimate}${total}${of} on its status page.</p>
<p>${note}</p>
${button(v.link, 'Open the ticket')}`,
        ),
      };
    },
    'pt-BR': (v: Vars) => {
      const verb = v.decision === 'declined' ? 'recusou' : 'aprovou';
      const estimate = v.estimate ? `o orçamento ${v.estimate}` : 'um orçamento';
      const of = v.ticket ? ` do chamado ${v.ticket}` : '';
      const subject = `${v.group}: o cliente ${verb} ${estimate}${of}`;
      const total = v.total ? ` (total ${v.total})` : '';
      const note = v.note ? `Observação do cliente: ${v.note}` : 'O cliente não deixou observação.';
      return {
        subject,
        text: `${greeting('Olá', v.name)}

O cliente ${verb} ${estimate}${total}${of} na página de acompanhamento.

${note}

${v.link}
`,
        html: layout(
          subject,
          html`<p>${greeting('Olá', v.name)}</p>
<p>O cliente <strong>${verb}</strong> ${estimate}${total}${of} na página de acompanhamento.</p>
<p>${note}</p>
${button(v.link, 'Abrir o chamado')}`,
        ),
      };
    },
  },
};
