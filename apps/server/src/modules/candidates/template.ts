import { CANDIDATE_TEMPLATE } from '@portal/contracts';
import { writeWorkbook } from '../../lib/xlsx-writer.ts';

type Column = (typeof CANDIDATE_TEMPLATE.columns)[number];

/** The template's second sheet: how to fill the first (read by people; the upload reads the first sheet). */
export const TEMPLATE_GUIDE = {
  sheetName: 'How to fill',
  lines: [
    "Job_ID: the job's ID, shown on the job's details as \"Job ID\", or the job's exact title (any case). A title that several jobs share needs the ID.",
    'Answers to the job\'s screening questions (optional): add a column per question, headed "Answer: " and the question as the job asks it, e.g. "Answer: Are you willing to relocate?".',
    'Status: applied when blank. Source: Direct when blank. Referred_By only for the source Referral.',
    'Resumes: in the ZIP, each named after the candidate (John_Doe.pdf or John.pdf). Files that match no new candidate are listed in the summary.',
  ],
} as const;

/** The template's one sample row: what each column expects. */
export const TEMPLATE_SAMPLE: Record<Column, string | number> = {
  Name: 'John Doe',
  Email: 'john.doe@example.com',
  Phone: '9876543210',
  Experience: 3.5,
  Current_Company: 'Acme Technologies',
  Current_CTC: 8,
  Expected_CTC: 12,
  Notice_Period: 30,
  Current_Location: 'Karnataka, Bengaluru Urban',
  Preferred_Location: 'Maharashtra, Pune',
  Status: 'applied',
  Source: 'Direct',
  Referred_By: '',
  Job_ID: 1,
};

/**
 * candidate-upload-template.xlsx: the Candidates sheet (the upload's columns and one sample row, which the
 * upload reads like any other) and a second sheet, read by people only, on how to fill it.
 */
export const candidateTemplateWorkbook = () =>
  writeWorkbook([
    {
      sheetName: CANDIDATE_TEMPLATE.sheetName,
      header: CANDIDATE_TEMPLATE.columns,
      rows: [CANDIDATE_TEMPLATE.columns.map((column) => TEMPLATE_SAMPLE[column])],
      widths: CANDIDATE_TEMPLATE.columns.map((column) => Math.max(14, column.length + 2)),
    },
    {
      sheetName: TEMPLATE_GUIDE.sheetName,
      header: [TEMPLATE_GUIDE.sheetName],
      rows: TEMPLATE_GUIDE.lines.map((line) => [line]),
      widths: [120],
    },
  ]);
