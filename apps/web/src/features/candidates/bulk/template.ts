import { CANDIDATE_TEMPLATE } from '@portal/contracts';

type Column = (typeof CANDIDATE_TEMPLATE.columns)[number];

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

// Loaded on demand: the spreadsheet writer is large and only these buttons need it. Used to write only.
async function templateBook() {
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.json_to_sheet([TEMPLATE_SAMPLE], { header: [...CANDIDATE_TEMPLATE.columns] });
  sheet['!cols'] = CANDIDATE_TEMPLATE.columns.map((c) => ({ wch: Math.max(14, c.length + 2) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, CANDIDATE_TEMPLATE.sheetName);
  // How to fill it: read by people only (the upload reads the first sheet).
  const guide = XLSX.utils.aoa_to_sheet(CANDIDATE_TEMPLATE.guide.map((line) => [line]));
  guide['!cols'] = [{ wch: 120 }];
  XLSX.utils.book_append_sheet(book, guide, CANDIDATE_TEMPLATE.guideSheetName);
  return { XLSX, book };
}

/** The template workbook's bytes (candidate-upload-template.xlsx): the header row and one sample row. */
export async function templateBytes(): Promise<ArrayBuffer> {
  const { XLSX, book } = await templateBook();
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

/** Hands candidate-upload-template.xlsx to the browser. */
export async function downloadTemplate() {
  const { XLSX, book } = await templateBook();
  XLSX.writeFile(book, CANDIDATE_TEMPLATE.fileName);
}
