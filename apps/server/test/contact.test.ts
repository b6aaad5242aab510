import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, CONTACT_RATE_LIMIT } from '@portal/contracts';
import { setupTestApp } from './helper.ts';

const ctx = setupTestApp({ CONTACT_TO: 'office@example.com' });

let nextAddress = 1;
/** Each test speaks from its own address, so that the per-address limit of one does not touch another. */
const sender = () => {
  const remoteAddress = `10.0.0.${nextAddress++}`;
  return (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/email/contact', remoteAddress, payload: payload as object });
};

const GOOD = {
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: '+91 98450 12345',
  message: 'We would like to hire five engineers.\nPlease call me.',
};

async function messages() {
  return ctx.app.db('contact_messages').orderBy('id');
}

describe('POST /api/email/contact', () => {
  it('stores a good message, mails it to CONTACT_TO and answers with the success flag', async () => {
    const res = await sender()(GOOD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: CONTACT_MESSAGES.sentText });
    const stored = await messages();
    expect(stored.at(-1)).toMatchObject({
      name: GOOD.name,
      email: GOOD.email,
      phone: GOOD.phone,
      message: GOOD.message,
      mail_status: 'queued',
      ip: '10.0.0.1',
    });
    const [mail] = await ctx.app.mailer.outbox(1);
    expect(mail).toMatchObject({ to: 'office@example.com', subject: `Contact form: ${GOOD.name}` });
    expect(mail!.text).toContain(GOOD.message);
    expect(mail!.text).toContain(GOOD.phone);
  });

  it('takes a message without an e-mail (empty or absent): the e-mail is optional', async () => {
    const send = sender();
    const before = await ctx.count('contact_messages');
    expect((await send({ ...GOOD, email: '' })).statusCode).toBe(200);
    const { email: _omitted, ...noEmail } = GOOD;
    expect((await send(noEmail)).statusCode).toBe(200);
    const stored = await messages();
    expect(stored.length).toBe(before + 2);
    expect(stored.slice(-2).map((m) => m.email)).toEqual([null, null]);
  });

  it.each([
    ['name', { ...GOOD, name: '' }, CONTACT_MESSAGES.nameRequired],
    ['name (spaces)', { ...GOOD, name: '   ' }, CONTACT_MESSAGES.nameRequired],
    ['phone', { ...GOOD, phone: undefined }, 'phone'],
    ['message', { ...GOOD, message: '' }, CONTACT_MESSAGES.messageRequired],
  ])('refuses a missing %s with 400 and stores nothing', async (_field, body, text) => {
    const before = await ctx.count('contact_messages');
    const res = await sender()(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(text);
    expect(await ctx.count('contact_messages')).toBe(before);
  });

  it('refuses a malformed e-mail or phone with a message in the required style', async () => {
    const send = sender();
    const bad = await send({ ...GOOD, email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(CONTACT_MESSAGES.emailInvalid);
    const badPhone = await send({ ...GOOD, phone: 'call me' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().message).toBe(CONTACT_MESSAGES.phoneInvalid);
  });

  it('answers a bot (the honeypot filled) as it answers a person, and keeps and mails nothing', async () => {
    const before = await ctx.count('contact_messages');
    const outboxBefore = await ctx.count('mail_outbox');
    const res = await sender()({ ...GOOD, website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: CONTACT_MESSAGES.sentText });
    expect(await ctx.count('contact_messages')).toBe(before);
    expect(await ctx.count('mail_outbox')).toBe(outboxBefore);
  });

  it(`limits one address to ${CONTACT_RATE_LIMIT.max} messages per window; another address is not affected`, async () => {
    const send = sender();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) expect((await send(GOOD)).statusCode).toBe(200);
    const before = await ctx.count('contact_messages');
    const limited = await send(GOOD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, message: CONTACT_MESSAGES.tooMany });
    expect(await ctx.count('contact_messages')).toBe(before);
    expect((await sender()(GOOD)).statusCode).toBe(200);
  });
});
