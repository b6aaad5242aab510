import { useEffect, useState, type FormEvent } from 'react';
import {
  CONTACT_BANNER_MS,
  CONTACT_LIMITS,
  CONTACT_MESSAGES as M,
  ContactMessage,
  HONEYPOT_FIELD,
  type ContactAnswer,
} from '@portal/contracts';
import { Button, Honeypot, TextField } from '@portal/ui';
import { api, ApiError } from '../../lib/api.ts';
import { checkForm } from '../../lib/checkForm.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { SITE, mapEmbed, mapsLink } from './site.ts';

type Fields = Required<Pick<ContactMessage, 'name' | 'email' | 'phone' | 'message'>>;
type Errors = Partial<Record<keyof Fields, string>>;
type Status =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'success' } | { kind: 'error'; detail: string | null };

const EMPTY: Fields = { name: '', email: '', phone: '', message: '' };
/** The message as the route takes it: every field trimmed. */
const bodyOf = (f: Fields): Fields => ({
  name: f.name.trim(),
  email: f.email.trim(),
  phone: f.phone.trim(),
  message: f.message.trim(),
});

/**
 * Name, phone and message required; then the contract the route checks (the e-mail optional but valid
 * when given, the phone's format).
 */
export const checkContact = (f: Fields): Errors =>
  checkForm<keyof Fields>(ContactMessage, bodyOf(f), {
    required: { name: M.nameRequired, phone: M.phoneRequired, message: M.messageRequired },
  });

/** The offices, how to reach them, and a map. */
function ContactInfo() {
  return (
    <section className="card contact-info" aria-labelledby="contact-info-title">
      <h2 id="contact-info-title" className="card-title">
        Reach us
      </h2>
      <dl className="contact-list">
        <dt>Office address</dt>
        <dd>
          <address>{SITE.officeAddress}</address>
        </dd>
        <dt>Layout address</dt>
        <dd>
          <a href={mapsLink(SITE.layoutMap)} target="_blank" rel="noopener noreferrer">
            {SITE.layoutAddress}
            <span className="sr-only"> (opens the map in a new tab)</span>
          </a>
        </dd>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${SITE.phone.replace(/\s/g, '')}`}>{SITE.phone}</a>
        </dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
        </dd>
      </dl>
      <iframe
        className="contact-map"
        title="Map of our office"
        src={mapEmbed(SITE.map)}
        loading="lazy"
        referrerPolicy="no-referrer"
      />
      <a href={mapsLink(SITE.map)} target="_blank" rel="noopener noreferrer">
        Open the office in a map
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </section>
  );
}

/** The answer to a sent message: success (read out politely) or failure (an alert), until it clears. */
function ContactBanners({ status }: { status: Status }) {
  return (
    <>
      <div aria-live="polite" aria-atomic="true">
        {status.kind === 'success' && (
          <div className="banner banner-success" role="status">
            <strong className="banner-title">{M.sentTitle}</strong>
            {M.sentText}
          </div>
        )}
      </div>
      {status.kind === 'error' && (
        <div className="banner banner-error" role="alert">
          <strong className="banner-title">{M.failedTitle}</strong>
          {M.failedText}
          {status.detail && <span className="banner-detail">{status.detail}</span>}
        </div>
      )}
    </>
  );
}

/** Contact Us: the form with its idle → sending → success | error flow, the offices and a map. */
export function ContactScreen() {
  useDocumentTitle('Contact Us');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [trap, setTrap] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  // The success or error banner clears after 5 seconds.
  useEffect(() => {
    if (status.kind !== 'success' && status.kind !== 'error') return;
    const timer = setTimeout(() => setStatus({ kind: 'idle' }), CONTACT_BANNER_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const set = (key: keyof Fields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = checkContact(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setStatus({ kind: 'sending' });
    try {
      await api<ContactAnswer>('/api/email/contact', {
        method: 'POST',
        body: { ...bodyOf(fields), ...(trap ? { [HONEYPOT_FIELD]: trap } : {}) },
        fallbackMessage: M.failedText,
      });
      setFields(EMPTY);
      setStatus({ kind: 'success' });
    } catch (error) {
      // The requirements' text, and the server's reason when it gives one (a field, too many messages).
      const explained = error instanceof ApiError && (error.status === 400 || error.status === 429);
      setStatus({ kind: 'error', detail: explained ? error.message : null });
    }
  }

  const sending = status.kind === 'sending';
  return (
    <div className="page page-public">
      <header className="public-page-head">
        <h1 className="page-title">Contact Us</h1>
        <p className="muted">Questions about a role, hiring with us or our projects? Write to us.</p>
      </header>
      <div className="contact-grid">
        <section className="card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="card-title">
            Send us a message
          </h2>
          <ContactBanners status={status} />
          <form onSubmit={submit} noValidate aria-label="Contact form">
            <TextField
              label="Name"
              name="name"
              value={fields.name}
              onChange={set('name')}
              isRequired
              maxLength={CONTACT_LIMITS.name}
              autoComplete="name"
              errorMessage={errors.name}
            />
            <TextField
              label="Email"
              name="email"
              type="email"
              value={fields.email}
              onChange={set('email')}
              description="Optional"
              maxLength={CONTACT_LIMITS.email}
              autoComplete="email"
              errorMessage={errors.email}
            />
            <TextField
              label="Phone"
              name="phone"
              type="tel"
              value={fields.phone}
              onChange={set('phone')}
              isRequired
              maxLength={CONTACT_LIMITS.phone}
              autoComplete="tel"
              errorMessage={errors.phone}
            />
            <TextField
              label="Message"
              name="message"
              multiline
              rows={5}
              value={fields.message}
              onChange={set('message')}
              isRequired
              maxLength={CONTACT_LIMITS.message}
              errorMessage={errors.message}
            />
            <Honeypot name={HONEYPOT_FIELD} value={trap} onChange={setTrap} />
            <Button type="submit" isDisabled={sending} className="btn-block">
              {sending ? 'Sending...' : 'Send Message'}
            </Button>
          </form>
        </section>
        <ContactInfo />
      </div>
    </div>
  );
}
