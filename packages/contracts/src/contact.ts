import { Type, type Static } from 'typebox';
import { CONTACT_LIMITS, EMAIL_PATTERN, HONEYPOT_FIELD, PHONE_PATTERN } from './constants.ts';
import { FreeText, Text } from './common.ts';
import { CONTACT_MESSAGES as M } from './messages.ts';

/**
 * POST /api/email/contact: name, phone and message required; e-mail optional (empty is
 * absent) but valid when given. The hidden honeypot field a person never fills is accepted and, when filled,
 * the message is dropped with the same answer.
 */
export const ContactMessage = Type.Object(
  {
    name: Text(CONTACT_LIMITS.name, M.nameRequired, { title: 'Name' }),
    email: Type.Optional(
      Type.String({
        maxLength: CONTACT_LIMITS.email,
        pattern: `^$|${EMAIL_PATTERN}`,
        title: 'Email',
        errorMessage: M.emailInvalid,
      }),
    ),
    phone: Type.String({
      minLength: 1,
      maxLength: CONTACT_LIMITS.phone,
      pattern: PHONE_PATTERN,
      title: 'Phone',
      errorMessage: M.phoneInvalid,
    }),
    message: Text(CONTACT_LIMITS.message, M.messageRequired, { multiline: true, title: 'Message' }),
    [HONEYPOT_FIELD]: Type.Optional(FreeText(500)),
  },
  { additionalProperties: false },
);
export type ContactMessage = Static<typeof ContactMessage>;

/** The requirements' answer: a success flag, and the text the page shows. */
export const ContactAnswer = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type ContactAnswer = Static<typeof ContactAnswer>;
