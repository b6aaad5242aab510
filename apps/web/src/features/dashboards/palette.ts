import type { CandidateSource, CandidateStatus } from '@portal/contracts';

/**
 * The dashboards' fixed palettes: one colour per status and per source, the same on every
 * screen and in both themes (mid-tones that stand out on a light and on a dark card; every value is also
 * written out as text, so no figure depends on telling colours apart).
 */
export const STATUS_COLORS: Record<CandidateStatus, string> = {
  applied: '#4f7cf7',
  screening: '#8b6cf0',
  shortlisted: '#1398b0',
  interviewed: '#d99a00',
  selected: '#22a55a',
  joined: '#0f8a7a',
  rejected: '#e5484d',
};

export const SOURCE_COLORS: Record<CandidateSource, string> = {
  Naukri: '#4f7cf7',
  Direct: '#22a55a',
  LinkedIn: '#0a84c6',
  Indeed: '#8b6cf0',
  Referral: '#d99a00',
  Agency: '#e5484d',
  Other: '#8a94a6',
};

/** A colour for a value the palette does not name. */
export const FALLBACK_COLOR = '#8a94a6';
