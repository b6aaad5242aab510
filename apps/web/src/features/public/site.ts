/**
 * The firm's public details, shown in the footer, on the contact page and in the chat link; nothing else in
 * the app (tests included) repeats them.
 *
 * PLACEHOLDERS: the public site asks for an office address, a layout address with a maps link, a phone,
 * an e-mail, an embedded map, a chat number and social links, but names none of them. The address, phone,
 * e-mail, chat number, map positions and social profiles below are invented stand-ins: replace them here
 * with the firm's own before the site goes live.
 */
export const SITE = {
  name: 'Talent & Property Portal',
  officeAddress: '2nd Floor, Tech Park, MG Road, Bengaluru, Karnataka 560001',
  layoutAddress: 'Green Meadows Layout, Survey No. 42, Devanahalli, Bengaluru Rural, Karnataka 562110',
  email: 'info@talentportal.in',
  phone: '+91 80 4000 1234',
  /** The number the chat button opens, in international form without "+" (wa.me's form). */
  chatNumber: '918040001234',
  chatGreeting: 'Hello! I would like to know more about your services.',
  /** The office on OpenStreetMap: the embedded map and the "open in maps" link. */
  map: { lat: 12.9756, lon: 77.6066 },
  layoutMap: { lat: 13.2468, lon: 77.7122 },
  social: [
    { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
    { label: 'Facebook', href: 'https://www.facebook.com/' },
    { label: 'Instagram', href: 'https://www.instagram.com/' },
    { label: 'X (Twitter)', href: 'https://x.com/' },
  ],
} as const;

export const chatLink = () =>
  `https://wa.me/${SITE.chatNumber}?text=${encodeURIComponent(SITE.chatGreeting)}`;

export const mapsLink = ({ lat, lon }: { lat: number; lon: number }) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;

export const mapEmbed = ({ lat, lon }: { lat: number; lon: number }) => {
  const d = 0.01;
  return `https://www.openstreetmap.org/export/embed.html?bbox=${lon - d}%2C${lat - d}%2C${lon + d}%2C${lat + d}&layer=mapnik&marker=${lat}%2C${lon}`;
};
