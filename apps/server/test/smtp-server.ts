import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it: the envelope and the raw message (headers and body). */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A header of a received message ("Subject"), unfolded; undefined when absent. */
export function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.data.slice(0, mail.data.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** A part's body decoded from quoted-printable or base64 as its Content-Transfer-Encoding says. */
function decodedBody(part: ReceivedMail): string {
  const body = part.data.slice(part.data.indexOf('\r\n\r\n') + 4).replace(/\r\n\.?$/, '');
  const encoding = headerOf(part, 'Content-Transfer-Encoding')?.toLowerCase();
  const bytes =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body
            .replace(/=\r\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        )
      : encoding === 'base64'
        ? Buffer.from(body, 'base64')
        : Buffer.from(body, 'utf8');
  return bytes.toString('utf8').replace(/\r\n/g, '\n');
}

/**
 * The plain-text body of a message, decoded from quoted-printable or base64 as sent: the whole body of a
 * single-part message, the text/plain part of a multipart one (text and HTML).
 */
export function textOf(mail: ReceivedMail): string {
  const boundary = /boundary="?([^";]+)"?/i.exec(headerOf(mail, 'Content-Type') ?? '')?.[1];
  if (!boundary) return decodedBody(mail);
  const parts = mail.data
    .split(`--${boundary}`)
    .map((data) => ({ ...mail, data: data.replace(/^\r\n/, '') }));
  const text = parts.find((p) => /^text\/plain/i.test(headerOf(p, 'Content-Type') ?? ''));
  return text ? decodedBody({ ...text, data: text.data.replace(/\r\n$/, '') }) : '';
}

/**
 * A real SMTP server in the test file's process, keeping what it receives, closed after the file. `next`
 * resolves when a message to `to` arrives (or has arrived and was not taken yet), so that a test waits for
 * the mail itself, never for a time.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiting: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  /** While set, the server holds each message's final reply (the sender waits) until it resolves. */
  let gate: Promise<void> | null = null;
  /** Messages whose data has arrived and whose reply is held. */
  let held = 0;
  const onHeld: (() => void)[] = [];
  /** While set, every recipient is refused with this reply (a mail server that will not take the mail). */
  let refusal: string | null = null;
  const take = (to: string) => {
    const mail = received.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
    if (mail) taken.add(mail);
    return mail;
  };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusal) {
        const error = Object.assign(new Error(refusal), { responseCode: 550 });
        callback(error);
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (gate) {
          held++;
          onHeld.splice(0).forEach((f) => f());
          await gate;
          held--;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        for (const w of [...waiting]) {
          const mail = take(w.to);
          if (mail) {
            waiting.splice(waiting.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    /** Refuses every recipient with `reply` until called again with null. */
    refuse(reply: string | null) {
      refusal = reply;
    },
    /**
     * Holds every message's final reply until the returned function is called: a sender that waits for
     * the server waits until then. `arrived()` resolves once a held message's data has come in.
     */
    hold() {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return {
        arrived: () => new Promise<void>((resolve) => (held > 0 ? resolve() : onHeld.push(resolve))),
        release: () => {
          gate = null;
          release();
        },
      };
    },
    /** The next message to `to` not yet taken by an earlier call (a held one counts once released). */
    next: (to: string) =>
      new Promise<ReceivedMail>((resolve) => {
        const mail = take(to);
        if (mail) resolve(mail);
        else waiting.push({ to, resolve });
      }),
  };
}
