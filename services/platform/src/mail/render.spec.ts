import { MAIL_TEMPLATES } from '@app/proto';
import { mailLocale, renderMail, TemplateError } from './render';
import { TEMPLATES } from './templates';
import { escapeHtml, html } from './templates/template';

describe('mail rendering', () => {
  const vars = {
    name: 'Ana <b>',
    email: 'ana@example.com',
    link: 'https://app.example/user/confirm/abc?x=1&y="2"',
    login_link: 'https://app.example/user/login',
    reset_link: 'https://app.example/user/password/new',
    // the scheduled mails' values
    from: '2026-10-28',
    to: '2026-11-26',
    groups: JSON.stringify([{ name: 'Oficina <i>', link: 'https://app.example/account/acc-1', opened: 3, closed: 1, records: [{ klass: 'Ticket', count: 3 }] }]),
    settings: 'https://app.example/user/profile',
    unsubscribe: 'https://app.example/mail/unsubscribe?token=t',
    group: 'Oficina',
    count: '1000',
    dashboard: 'https://app.example/account/acc-1',
  };

  it('picks the locale: exact, pt-* to pt-BR, anything else en', () => {
    expect(mailLocale('pt-BR')).toBe('pt-BR');
    expect(mailLocale('pt-br')).toBe('pt-BR');
    expect(mailLocale('pt')).toBe('pt-BR');
    expect(mailLocale('pt_PT')).toBe('pt-BR');
    expect(mailLocale('en')).toBe('en');
    expect(mailLocale('de')).toBe('en');
    expect(mailLocale('')).toBe('en');
    expect(mailLocale(undefined)).toBe('en');
  });

  it.each(Object.keys(TEMPLATES))('%s has subject, text and HTML in en and pt-BR, with its values', (name) => {
    const template = TEMPLATES[name as keyof typeof TEMPLATES]!;
    const en = renderMail({ to: 'a@b.c', template: name as never, locale: 'en', vars });
    const pt = renderMail({ to: 'a@b.c', template: name as never, locale: 'pt-BR', vars });
    for (const mail of [en, pt]) {
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.text).toContain('Ana <b>');
      expect(mail.html).toContain('Ana &lt;b&gt;');
      expect(mail.html).not.toContain('<b>');
      if (template.vars.includes('link')) {
        expect(mail.text).toContain(vars.link);
        expect(mail.html).toContain('href="https://app.example/user/confirm/abc?x=1&amp;y=&quot;2&quot;"');
      }
    }
    expect(pt.subject).not.toBe(en.subject);
    expect(pt.text).not.toBe(en.text);
  });

  it('registration-attempt links the login and password-reset screens, in en and pt-BR', () => {
    const en = renderMail({ to: 'a@b.co', template: 'registration-attempt', locale: 'en', vars });
    const pt = renderMail({ to: 'a@b.co', template: 'registration-attempt', locale: 'pt-BR', vars });
    expect(en.subject).toBe('Someone tried to create a ServiceDesk profile with your e-mail');
    expect(pt.subject).toBe('Alguém tentou criar um perfil no ServiceDesk com seu e-mail');
    for (const mail of [en, pt]) {
      expect(mail.text).toContain('ana@example.com');
      for (const link of [vars.login_link, vars.reset_link]) {
        expect(mail.text).toContain(link);
        expect(mail.html).toContain(`href="${link}"`);
      }
    }
  });

  it('greets without a name when the name is empty', () => {
    const mail = renderMail({ to: 'a@b.c', template: 'password-changed', locale: 'en', vars: { name: '', email: 'a@b.c' } });
    expect(mail.text.startsWith('Hello,')).toBe(true);
  });

  it('every template is written; an unknown template and a job missing a value are refused', () => {
    expect(MAIL_TEMPLATES.filter((t) => !TEMPLATES[t])).toEqual([]);
    expect(() => renderMail({ to: 'a@b.c', template: 'nope' as never, locale: 'en', vars: {} })).toThrow(/is not written/);
    expect(() => renderMail({ to: 'a@b.c', template: 'confirmation', locale: 'en', vars: { name: 'x' } })).toThrow(/needs email, link/);
  });

  it('escapes HTML, keeping nested safe fragments', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(html`<p>${'<i>'}${html`<b>${'&'}</b>`}</p>`.value).toBe('<p>&lt;i&gt;<b>&amp;</b></p>');
  });
});

describe('scheduled mails', () => {
  const groups = [
    { name: 'Oficina <Centro>', link: 'https://app.example/account/acc-1', opened: 1234, closed: 9, records: [{ klass: 'Customer', count: 12 }, { klass: 'Ticket', count: 1234 }] },
    { name: 'Loja 2', link: 'https://app.example/account/acc-2', opened: 0, closed: 0, records: [] },
  ];
  const summary = (locale: string) =>
    renderMail({
      to: 'a@b.co',
      template: 'weekly-summary',
      locale,
      vars: { name: 'Ana', from: '2026-10-28', to: '2026-11-26', groups: JSON.stringify(groups), settings: 'https://app.example/user/profile' },
      unsubscribe: 'https://app.example/mail/unsubscribe?token=abc&lang=en',
    });

  it('weekly-summary in en: period, one table per group with aligned figures in the text, kinds named, unsubscribe link', () => {
    const mail = summary('en');
    expect(mail.subject).toBe('Your ServiceDesk summary of the last 30 days');
    expect(mail.text).toContain('from 2026-10-28 to 2026-11-26');
    expect(mail.text).toContain('Oficina <Centro>\n----------------\n  Tickets opened  1,234\n  Tickets closed      9\n  Records created:\n    Customer     12\n    Ticket    1,234\n');
    expect(mail.text).toContain('Loja 2');
    expect(mail.text).toContain('No new records');
    expect(mail.text).toContain('Stop the weekly summary: https://app.example/mail/unsubscribe?token=abc&lang=en');
    expect(mail.html).toContain('Oficina &lt;Centro&gt;');
    expect(mail.html).toContain('<strong>1,234</strong>');
    expect(mail.html).toContain('href="https://app.example/account/acc-2"');
    expect(mail.html).toContain('href="https://app.example/mail/unsubscribe?token=abc&amp;lang=en"');
  });

  it('weekly-summary in pt-BR: day/month/year, Portuguese numbers and kind names', () => {
    const mail = summary('pt-BR');
    expect(mail.subject).toBe('Seu resumo do ServiceDesk dos últimos 30 dias');
    expect(mail.text).toContain('de 28/10/2026 a 26/11/2026');
    expect(mail.text).toContain('Chamados abertos     1.234');
    expect(mail.text).toContain('Cliente');
    expect(mail.text).toContain('Nenhum registro novo');
    expect(mail.html).toContain('Parar o resumo semanal');
  });

  it('weekly-summary with malformed figures is a TemplateError (never retried)', () => {
    expect(() => renderMail({ to: 'a@b.co', template: 'weekly-summary', locale: 'en', vars: { name: '', from: 'a', to: 'b', groups: '[{"name":1}]', settings: 's', unsubscribe: 'u' } })).toThrow(TemplateError);
    expect(() => renderMail({ to: 'a@b.co', template: 'weekly-summary', locale: 'en', vars: { name: '', from: 'a', to: 'b', groups: 'not json', settings: 's', unsubscribe: 'u' } })).toThrow(TemplateError);
  });

  it('free-limit in en and pt-BR: the count and the limit in the locale, the plans page, the dashboard and the unsubscribe link', () => {
    const job = { to: 'a@b.co', template: 'free-limit' as const, vars: { name: 'Ana', group: 'Oficina', count: '1003', link: 'https://app.example/account/acc-1/billing', dashboard: 'https://app.example/account/acc-1' }, unsubscribe: 'https://app.example/mail/unsubscribe?token=x' };
    const en = renderMail({ ...job, locale: 'en' });
    const pt = renderMail({ ...job, locale: 'pt-BR' });
    expect(en.subject).toBe('Oficina reached the Free plan limit on ServiceDesk');
    expect(en.text).toContain('The group Oficina now holds 1,003 records: the Free plan includes up to 1,000.');
    expect(pt.subject).toBe('Oficina atingiu o limite do plano Gratuito no ServiceDesk');
    expect(pt.text).toContain('O grupo Oficina tem agora 1.003 registros: o plano Gratuito inclui até 1.000.');
    for (const mail of [en, pt]) {
      expect(mail.text).toContain('https://app.example/account/acc-1/billing');
      expect(mail.html).toContain('href="https://app.example/account/acc-1/billing"');
      expect(mail.text).toContain('https://app.example/mail/unsubscribe?token=x');
      expect(mail.html).toContain('href="https://app.example/mail/unsubscribe?token=x"');
    }
    expect(() => renderMail({ ...job, locale: 'en', vars: { ...job.vars, count: 'many' } })).toThrow(TemplateError);
  });
});
