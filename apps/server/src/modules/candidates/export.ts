import { CANDIDATES_EXPORT, candidateExportTable, type CandidateExportRow } from '@portal/contracts';
import { displayDay } from '../../lib/export-day.ts';
import { streamXlsx } from '../../lib/xlsx-writer.ts';

/**
 * candidates_list.xlsx: sheet Candidates, the 16 columns of the contracts' one definition
 * (N/A for missing, ₹ on CTC, days on notice), written as the batches arrive.
 */
export function candidatesWorkbook(batches: AsyncIterable<CandidateExportRow[]>) {
  async function* rows() {
    for await (const batch of batches) yield candidateExportTable(batch, displayDay).slice(1);
  }
  return streamXlsx({
    sheetName: CANDIDATES_EXPORT.sheetName,
    header: CANDIDATES_EXPORT.columns,
    batches: rows(),
  });
}
