/**
 * Who changed which fields of a candidate, in words: what a save refused because a teammate saved first
 * says. Apart from the other messages so that the public pages' code does not carry them.
 */
/** The candidate form's fields as a sentence names them (the API's field names → the form's labels). */
export const CANDIDATE_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Full Name',
  email: 'Email',
  phone: 'Phone',
  experience: 'Experience',
  current_company: 'Current Company',
  current_ctc: 'Current CTC',
  expected_ctc: 'Expected CTC',
  notice_period: 'Notice Period',
  current_location: 'Current Location',
  preferred_location: 'Preferred Location',
  job_id: 'Job Position',
  job_answers: 'Answers',
  source: 'Source',
  referred_by: 'Referred By',
  notes: 'Notes',
  resume_url: 'Resume',
  image_url: 'Photo',
  status: 'Status',
  shared_with_client: 'Shared with client',
  position: 'Place on the pipeline board',
};

/** "Phone", "Phone and Notes", "Phone, Notes and Source". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * Who changed which fields, in one sentence's start: "Priya Sharma changed Phone and Notes", "Priya Sharma
 * changed Notes; Ravi Kumar changed Status". Each person once, in the order they first changed something;
 * a change that named no field says the person saved it.
 */
export function describeCandidateChanges(
  changes: readonly { by: string | null; fields: string[] }[],
): string {
  const byPerson = new Map<string, string[]>();
  for (const { by, fields } of changes) {
    const who = by ?? 'Someone else';
    const seen = byPerson.get(who) ?? [];
    for (const f of fields) {
      const label = CANDIDATE_FIELD_LABELS[f] ?? f;
      if (!seen.includes(label)) seen.push(label);
    }
    byPerson.set(who, seen);
  }
  if (byPerson.size === 0) return 'Someone else changed this candidate';
  return [...byPerson]
    .map(([who, labels]) => (labels.length ? `${who} changed ${listInWords(labels)}` : `${who} saved it`))
    .join('; ');
}
