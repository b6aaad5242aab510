/**
 * How the product writes numbers for people, in one place for the server, the screens and the UI kit: Indian
 * digit grouping everywhere (1,00,000, not 100,000), rupees with their paise. Dates are written by the web
 * app's lib/format.ts and the server's lib/dates.ts, each a day of the firm's time zone. The linter refuses
 * `toLocaleString` elsewhere, so that no screen groups digits its own way.
 */

const indianCount = /* @__PURE__ */ new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const indianDecimal = /* @__PURE__ */ new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const indianRupees = /* @__PURE__ */ new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A whole count in Indian digit grouping: 1234567 → "12,34,567" (rounded). */
export const formatCount = (value: number): string => indianCount.format(Math.round(value));

/** A number in Indian digit grouping with up to two decimals: 1234.5 → "1,234.5". */
export const formatDecimal = (value: number): string => indianDecimal.format(value);

/** '₹1,23,456.50': the Indian rupee with Indian digit grouping and two decimals. */
export const formatRupees = (value: number): string => `₹${indianRupees.format(value)}`;

/** Whole rupees in Indian grouping, no decimals: 1200000 → "₹12,00,000". */
export const formatWholeRupees = (value: number): string => `₹${formatCount(value)}`;
