import { CANDIDATE_TEMPLATE } from '@portal/contracts';
import { writeWorkbook } from '../../lib/xlsx-writer.ts';

/**
 * candidate-upload-template.xlsx: the Candidates sheet (the upload's columns and one sample row, which the
 * upload reads like any other) and a second sheet, read by people only, on how to fill it.
 */
export const candidateTemplateWorkbook = () =>
  writeWorkbook([
    {
      sheetName: CANDIDATE_TEMPLATE.sheetName,
      header: CANDIDATE_TEMPLATE.columns,
      rows: [CANDIDATE_TEMPLATE.columns.map((column) => CANDIDATE_TEMPLATE.sample[column])],
      widths: CANDIDATE_TEMPLATE.columns.map((column) => Math.max(14, column.length + 2)),
    },
    {
      sheetName: CANDIDATE_TEMPLATE.guideSheetName,
      header: [CANDIDATE_TEMPLATE.guideSheetName],
      rows: CANDIDATE_TEMPLATE.guide.map((line) => [line]),
      widths: [120],
    },
  ]);
