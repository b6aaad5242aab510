import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../lib/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Mail through SMTP (`SMTP_URL`) or, without it, the outbox table (lib/mailer.ts). */
export default fp(
  async (app, opts: { smtpUrl?: string | undefined; from?: string | undefined }) => {
    const mailer = createMailer({ db: app.db, smtpUrl: opts.smtpUrl, from: opts.from, log: app.log });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
    if (!opts.smtpUrl)
      app.log.info(
        "SMTP_URL is not set: mail is kept in the outbox (the admins' Messages screen, /admin/messages)",
      );
  },
  { name: 'mail', dependencies: ['db'] },
);
