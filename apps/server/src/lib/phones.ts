import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Numbers written without a country code are Indian. */
const HOME_REGION = 'IN';
const HOME_CALLING_CODE = '91';
const TEN_DIGITS = /^[1-9]\d{9}$/;

/**
 * What the duplicate rule compares of a phone number: "+91 98450 11111", "098450-11111", "919845011111"
 * and "9845011111" are one number, 9845011111 (an Indian number's national significant number). A number
 * of another country keeps its calling code ("+1 415 555 0123" → 14155550123); text that is no possible
 * number is compared by its digits. Migration candidate-phone-keys holds a frozen copy for stored rows.
 */
export function phoneKey(phone: string): string {
  // Ten digits, no leading 0: a possible Indian number that the parser gives back as written (checked over
  // every first digit); the parse costs tens of microseconds, which a 50,000-row import notices.
  if (TEN_DIGITS.test(phone)) return phone;
  const parsed = parsePhoneNumberFromString(phone, HOME_REGION);
  if (parsed?.isPossible()) {
    return parsed.countryCallingCode === HOME_CALLING_CODE
      ? parsed.nationalNumber
      : `${parsed.countryCallingCode}${parsed.nationalNumber}`;
  }
  return phone.replace(/\D/g, '');
}

/**
 * The starts of phone keys that a search for `text` looks for: a whole number as `phoneKey` has it; the
 * beginning of one ("+91 98450", "098450") without its +91 and trunk 0, which stored keys do not hold.
 * Digits that begin with 91 and no + ("917766") may be either, so both are looked for.
 */
export function phoneSearchKeys(text: string): string[] {
  const parsed = parsePhoneNumberFromString(text, HOME_REGION);
  if (parsed?.isPossible()) return [phoneKey(text)];
  const digits = text.replace(/\D/g, '');
  const withoutHomeCode = (d: string) =>
    d.startsWith(HOME_CALLING_CODE) ? d.slice(HOME_CALLING_CODE.length) : d;
  if (/^\s*(\+|00)/.test(text)) return [withoutHomeCode(digits.replace(/^00/, ''))].filter(Boolean);
  if (digits.startsWith('0')) return [digits.replace(/^0+/, '')].filter(Boolean);
  return [...new Set([withoutHomeCode(digits), digits])].filter(Boolean);
}
