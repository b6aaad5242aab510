import { describe, expect, it } from 'vitest';
import {
  CONTACT_INBOX_PATH,
  CONTACT_MESSAGES,
  MAIL_MESSAGES,
  type ContactInboxPage,
  type MessagesStatus,
  type NotificationPage,
  type OutboxPage,
} from '@portal/contracts';
import { auth, setupTestApp } from './helper.ts';

// No SMTP_URL: the default start, where every mail waits in the outbox.
const ctx = setupTestApp({ CONTACT_TO: 'office@example.com' });

let nextAddress = 1;
const contact = (name: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/email/contact',
    remoteAddress: `10.1.0.${nextAddress++}`,
    payload: { name, phone: '+91 98450 12345', message: `Please call ${name}.` },
  });
const get = <T>(url: string, token = ctx.adminToken) =>
  ctx.app.inject({ method: 'GET', url, headers: auth(token) }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as T;
  });

describe('the contact inbox without a mail server', () => {
  it("keeps the visitor's message where admins see it: listed unread, counted, and told through the bell", async () => {
    const employee = await ctx.createUser();
    const res = await contact('Kiran Rao');
    // The visitor is told their message was received: it is kept, and now read by someone.
    expect(res.json()).toEqual({ success: true, message: CONTACT_MESSAGES.sentText });

    const inbox = await get<ContactInboxPage>('/api/contact-messages');
    expect(inbox.unread).toBe(1);
    expect(inbox.items[0]).toMatchObject({
      name: 'Kiran Rao',
      message: 'Please call Kiran Rao.',
      mailStatus: 'queued',
      readAt: null,
    });
    expect(await get<MessagesStatus>('/api/messages/status')).toEqual({
      mailConfigured: false,
      mailWaiting: 1,
      unreadMessages: 1,
    });

    const bell = await get<NotificationPage>('/api/notifications');
    expect(bell.items[0]).toMatchObject({
      kind: 'contact_message',
      text: MAIL_MESSAGES.contactReceived('Kiran Rao'),
      link: CONTACT_INBOX_PATH,
      readAt: null,
    });
    // Employees are not told, and may not read the inbox.
    const theirs = await get<NotificationPage>('/api/notifications', employee.token);
    expect(theirs.items.some((n) => n.kind === 'contact_message')).toBe(false);
    for (const url of ['/api/contact-messages', '/api/messages/status', '/api/mail/outbox']) {
      const refused = await ctx.app.inject({ method: 'GET', url, headers: auth(employee.token) });
      expect(refused.statusCode, url).toBe(403);
    }
  });

  it('marks a message read and unread again, and the unread count follows', async () => {
    await contact('Leela Nair');
    const before = await get<ContactInboxPage>('/api/contact-messages?unread=true');
    const leela = before.items.find((m) => m.name === 'Leela Nair')!;
    const mark = (read: boolean, id: number | string = leela.id) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/contact-messages/${id}`,
        headers: auth(ctx.adminToken),
        payload: { read },
      });

    const read = await mark(true);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().readAt).not.toBeNull();
    const after = await get<ContactInboxPage>('/api/contact-messages?unread=true');
    expect(after.unread).toBe(before.unread - 1);
    expect(after.items.map((m) => m.id)).not.toContain(leela.id);
    expect((await get<MessagesStatus>('/api/messages/status')).unreadMessages).toBe(after.unread);

    expect((await mark(false)).json().readAt).toBeNull();
    expect((await get<ContactInboxPage>('/api/contact-messages')).unread).toBe(before.unread);

    expect((await mark(true, 999999)).statusCode).toBe(404);
    expect((await mark(true, 'abc')).statusCode).toBe(400);
    const noBody = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/contact-messages/${leela.id}`,
      headers: auth(ctx.adminToken),
      payload: {},
    });
    expect(noBody.statusCode).toBe(400);
  });

  it('searches the inbox on the server', async () => {
    await contact('Zubin Mehta');
    const found = await get<ContactInboxPage>('/api/contact-messages?search=zubin');
    expect(found.items.map((m) => m.name)).toEqual(['Zubin Mehta']);
    expect(found.total).toBe(1);
  });
});

describe('the mail outbox without a mail server', () => {
  it('shows each mail waiting, and refuses to send again with a message that says mail is not set up', async () => {
    await contact('Arun Pillai');
    const outbox = await get<OutboxPage>('/api/mail/outbox?status=queued');
    const mail = outbox.items[0]!;
    expect(mail).toMatchObject({
      to: 'office@example.com',
      subject: 'Contact form: Arun Pillai',
      status: 'queued',
      error: null,
    });
    expect(outbox.total).toBe((await get<MessagesStatus>('/api/messages/status')).mailWaiting);

    const resend = await ctx.app.inject({
      method: 'POST',
      url: `/api/mail/outbox/${mail.id}/resend`,
      headers: auth(ctx.adminToken),
    });
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe(MAIL_MESSAGES.notConfigured);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/mail/outbox/999999/resend',
      headers: auth(ctx.adminToken),
    });
    expect(missing.statusCode).toBe(404);
    expect((await get<OutboxPage>('/api/mail/outbox?status=sent')).total).toBe(0);
  });
});
