import { createHash } from 'crypto';
import { Logger } from '@nestjs/common';
import type { StatusPageView } from '@app/proto';
import { logRequest, redactUrl } from '../http/request-log';
import { securityHeaders } from '../http/security-headers';
import { STATUS_PAGE_CSP, STATUS_PAGE_HEADERS } from './status-page.config';
import { formatMoment, langOf, problemLocale, problemPage, STATUS_PAGE_CSS, STATUS_PAGE_STYLE_HASH, statusPage } from './status-page.html';
import { formFields } from './status-page.service';

// The status page's HTML as a pure function of the view the tickets service answers, its headers, and what the
// gateway leaves in its logs.

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';
const HOSTILE = `<script>alert(1)</script>"'&`;

function view(over: Partial<StatusPageView> = {}): StatusPageView {
  return {
    locale: 'en',
    time_zone: 'America/Sao_Paulo',
    shop: { name: `Shop ${HOSTILE}`, phones: ['+55 11 5555-0000 (desk)'], addresses: [`Street ${HOSTILE}`] },
    ticket: {
      number: 42,
      title: `Title ${HOSTILE}`,
      equipment: `Eq ${HOSTILE}`,
      status: 'doing',
      created_at: '2026-11-26T17:05:00.000Z',
      events: [
        { status: 'open', at: '2026-11-26T17:05:00.000Z' },
        { status: 'doing', at: '2026-11-27T12:00:00.000Z' },
      ],
    },
    estimates: [
      { number: 7, description: `Desc ${HOSTILE}`, items: [{ description: `Item ${HOSTILE}`, quantity: '2', unit_value: 'US$ 80.00', amount: 'US$ 160.00' }], total: 'US$ 160.00', answer: null, form: `f"orm` },
      { number: 8, description: '', items: [], total: 'US$ 0.00', answer: { decision: 'declined', at: '2026-11-28T12:00:00.000Z', note: `Note ${HOSTILE}` }, form: null },
    ],
    expires_at: null,
    days_after_done: 30,
    ...over,
  };
}

describe('the status page', () => {
  it('escapes everything it shows, runs no script and loads nothing', () => {
    const html = statusPage({ view: view(), token: TOKEN, lang: null });
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/<(img|link|iframe|object|embed)\b|\son\w+=|javascript:/i);
    expect(html).toContain('Shop &lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    expect(html).toContain('value="f&quot;orm"');
    expect(html).toContain(`<form method="post" action="/s/${TOKEN}">`);
    expect(html).toContain('<a href="tel:+551155550000">+55 11 5555-0000</a> (desk)');
    expect(Buffer.byteLength(html)).toBeLessThan(12 * 1024);
  });

  it('shows the status with its history newest first, the pending estimate’s form and the answered one’s answer', () => {
    const html = statusPage({ view: view(), token: TOKEN, lang: 'en' });
    expect(html).toContain('<p class="status s-doing">In repair</p>');
    expect(html.indexOf('2026-11-27 09:00')).toBeLessThan(html.indexOf('2026-11-26 14:05'));
    expect(html.match(/name="decision"/g)).toHaveLength(2);
    expect(html).toContain('Declined on 2026-11-28 09:00');
    expect(html).toContain(`action="/s/${TOKEN}?lang=en"`);
    expect(html).toContain('This page works until 30 days after the repair is finished.');
    const done = statusPage({ view: view({ expires_at: '2026-12-28T12:00:00.000Z', locale: 'pt-BR' }), token: TOKEN, lang: null });
    expect(done).toContain('Esta página funciona até 28/12/2026.');
    expect(done).toContain('<html lang="pt-BR">');
  });

  it('says what happened to an answer over the page', () => {
    expect(statusPage({ view: view(), token: TOKEN, lang: null, notice: { kind: 'thanksApproved', n: 7 } })).toContain('<p class="notice" role="status">Thank you: estimate #7 is approved. The shop has been told.</p>');
    expect(statusPage({ view: view(), token: TOKEN, lang: null, notice: { kind: 'answered' } })).toContain('role="alert"');
  });

  it('one page for every refused link, in the asked or the browser’s language', () => {
    expect(problemPage('notFound', 'en')).toContain('This page does not exist or is no longer available.');
    expect(problemPage('notFound', 'pt-BR')).toContain('Esta página não existe');
    expect(problemLocale('pt-BR', 'en')).toBe('pt-BR');
    expect(problemLocale(undefined, 'pt-BR,pt;q=0.9')).toBe('pt-BR');
    expect(problemLocale(['x'], undefined)).toBe('en');
    expect(langOf('xx')).toBeNull();
  });

  it('writes moments in the link’s time zone, any zone name it cannot read as UTC', () => {
    expect(formatMoment('2026-11-26T17:05:00.000Z', 'pt-BR', 'America/Sao_Paulo')).toBe('26/11/2026 14:05');
    expect(formatMoment('2026-11-26T17:05:00.000Z', 'en', 'Nowhere/Else')).toBe('2026-11-26 17:05');
    expect(formatMoment('garbage', 'en', 'UTC')).toBe('');
  });
});

describe('its headers and logs', () => {
  it('allows its one stylesheet by hash and nothing else; no framing, no Referer, noindex, no-store, on every answer under /s/', () => {
    expect(STATUS_PAGE_STYLE_HASH).toBe(`'sha256-${createHash('sha256').update(STATUS_PAGE_CSS).digest('base64')}'`);
    expect(statusPage({ view: view(), token: TOKEN, lang: null })).toContain(`<style>${STATUS_PAGE_CSS}</style>`);
    expect(STATUS_PAGE_CSP).not.toMatch(/script-src|unsafe/);
    for (const type of ['text/html; charset=utf-8', 'application/json', undefined]) {
      expect(securityHeaders(`/s/${TOKEN}?lang=en`, type)).toEqual(STATUS_PAGE_HEADERS);
    }
    expect(STATUS_PAGE_HEADERS).toMatchObject({ 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY', 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store' });
    // the web app's pages keep theirs
    expect(securityHeaders('/app', 'text/html')['content-security-policy']).not.toBe(STATUS_PAGE_CSP);
  });

  it('never logs the token', () => {
    expect(redactUrl(`/s/${TOKEN}?lang=en`)).toBe('/s/[redacted]?lang=en');
    jest.spyOn(Logger, 'isLevelEnabled').mockReturnValue(true);
    const logged = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    try {
      logRequest({ method: 'POST', url: `/s/${TOKEN}`, headers: {}, id: 'r1' }, 200, 3);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0][0])).not.toContain(TOKEN);
    } finally {
      jest.restoreAllMocks();
    }
  });
});

describe('the answer form', () => {
  it('reads exactly the fields the page sends', () => {
    expect(formFields({ estimate: '7', decision: 'approved', note: 'ok', form: 'f' })).toEqual({ estimate: 7, decision: 'approved', note: 'ok', form: 'f' });
    expect(formFields({ estimate: '7', decision: 'declined', form: 'f' })).toEqual({ estimate: 7, decision: 'declined', note: '', form: 'f' });
    for (const bad of [null, [], 'x', { estimate: '7', decision: 'maybe', form: 'f' }, { estimate: '0', decision: 'approved', form: 'f' }, { estimate: '7e2', decision: 'approved', form: 'f' }, { estimate: ['7', '8'], decision: 'approved', form: 'f' }, { estimate: '7', decision: 'approved' }, { estimate: '7', decision: 'approved', form: 'f', note: ['a', 'b'] }]) {
      expect([bad, formFields(bad)]).toEqual([bad, null]);
    }
  });
});
