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

  it('refuses a template that is not written and a job missing a value', () => {
    const unwritten = MAIL_TEMPLATES.find((t) => !TEMPLATES[t])!;
    expect(() => renderMail({ to: 'a@b.c', template: unwritten, locale: 'en', vars: {} })).toThrow(TemplateError);
    expect(() => renderMail({ to: 'a@b.c', template: 'confirmation', locale: 'en', vars: { name: 'x' } })).toThrow(/needs email, link/);
  });

  it('escapes HTML, keeping nested safe fragments', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(html`<p>${'<i>'}${html`<b>${'&'}</b>`}</p>`.value).toBe('<p>&lt;i&gt;<b>&amp;</b></p>');
  });
});
