import { AddressInfo } from 'net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server in the test process (smtp-server): it accepts every mail and keeps it, decoded enough to assert on.

export interface SunkMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export class SmtpSink {
  readonly mails: SunkMail[] = [];
  private waiters: Array<{ match: (m: SunkMail) => boolean; resolve: (m: SunkMail) => void }> = [];
  private server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail = parseMail(raw, session.envelope.rcptTo.map((r) => r.address.toLowerCase()), session.envelope.mailFrom ? session.envelope.mailFrom.address : '');
          this.mails.push(mail);
          this.waiters = this.waiters.filter((w) => {
            if (!w.match(mail)) return true;
            w.resolve(mail);
            return false;
          });
          callback();
        });
      },
    });
  }

  /** Listens on `port` (0: a free one) and answers with the port. */
  async start(port = 0): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this.port;
  }

  /** The first mail to `to` (optionally also matching `match`) already received or arriving within `timeoutMs`. */
  waitFor(to: string, match: (m: SunkMail) => boolean = () => true, timeoutMs = 10000): Promise<SunkMail> {
    const want = (m: SunkMail) => m.to.includes(to.toLowerCase()) && match(m);
    const found = this.mails.find(want);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = { match: want, resolve: (m: SunkMail) => (clearTimeout(timer), resolve(m)) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no mail to ${to} within ${timeoutMs} ms (got ${this.mails.length}: ${this.mails.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ')})`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Every mail received so far to `to`. */
  to(to: string): SunkMail[] {
    return this.mails.filter((m) => m.to.includes(to.toLowerCase()));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Enough MIME for nodemailer's output: headers, multipart/alternative, quoted-printable/base64 bodies, encoded words. */
export function parseMail(raw: string, to: string[], from: string): SunkMail {
  const { headers, body } = splitHeaders(raw);
  const out: SunkMail = { to, from, subject: decodeWords(headers['subject'] ?? ''), text: '', html: '', raw };
  const collect = (h: Record<string, string>, b: string) => {
    const type = (h['content-type'] ?? 'text/plain').toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(h['content-type'] ?? '')?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const part of b.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const p = splitHeaders(part.replace(/^\r?\n/, ''));
        collect(p.headers, p.body);
      }
      return;
    }
    const decoded = decodeBody(b, h['content-transfer-encoding'] ?? '7bit');
    if (type.startsWith('text/html')) out.html = decoded;
    else if (type.startsWith('text/plain')) out.text = decoded;
  };
  collect(headers, body);
  return out;
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const m = /\r?\n\r?\n/.exec(raw);
  const head = m ? raw.slice(0, m.index) : raw;
  const body = m ? raw.slice(m.index + m[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body.replace(/=\r?\n/g, ''));
  return body;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '=' && /^[0-9A-F]{2}$/i.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(s[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}

function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_all, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
