import { describe, expect, it } from 'vitest';
import {
  MAIL_MESSAGES,
  type ContactInboxPage,
  type MessagesStatus,
  type OutboxEntry,
  type OutboxPage,
} from '@portal/contracts';
import { auth, setupTestApp } from './helper.ts';
import { startSmtpServer } from './smtp-server.ts';

const smtp = await startSmtpServer();
const ctx = setupTestApp({ SMTP_URL: smtp.url, CONTACT_TO: 'office@example.com' });

const get = async <T>(url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: auth(ctx.adminToken) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const resend = (id: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/mail/outbox/${id}/resend`, headers: auth(ctx.adminToken) });

describe('the mail outbox with a mail server', () => {
  it("keeps the server's reason beside a failed mail, and sends it again once the server takes it", async () => {
    smtp.refuse('Mailbox unavailable: office is over quota');
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/email/contact',
      remoteAddress: '10.2.0.1',
      payload: { name: 'Farah Khan', phone: '+91 98450 12345', message: 'Hello' },
    });
    expect(sent.statusCode).toBe(200);

    const [failed] = (await get<OutboxPage>('/api/mail/outbox?status=failed')).items;
    expect(failed).toMatchObject({ subject: 'Contact form: Farah Khan', status: 'failed' });
    expect(failed!.error).toContain('office is over quota');
    expect(await get<MessagesStatus>('/api/messages/status')).toMatchObject({
      mailConfigured: true,
      mailWaiting: 1,
    });

    // Still refused: the answer says so, with the reason kept.
    const again = await resend(failed!.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'failed' });

    smtp.refuse(null);
    const ok = await resend(failed!.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json() as OutboxEntry).toMatchObject({ status: 'sent', error: null });
    expect((await smtp.next('office@example.com')).data).toContain('Farah Khan');
    expect((await get<MessagesStatus>('/api/messages/status')).mailWaiting).toBe(0);
    // The inbox shows the message's mail as it is now: sent.
    const inbox = await get<ContactInboxPage>('/api/contact-messages');
    expect(inbox.items[0]).toMatchObject({ name: 'Farah Khan', mailStatus: 'sent' });

    const twice = await resend(failed!.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MAIL_MESSAGES.alreadySent);
  });
});
