import {
  APP_TIME_ZONE,
  CANDIDATES_EXPORT,
  candidateExportTable,
  todayIn,
  type CandidateExportRow,
} from '@portal/contracts';
import { streamXlsx } from '../../lib/xlsx-writer.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "MMM dd, yyyy" (the lists' DATE_DISPLAY_FORMAT), the day as the firm's time zone reads it. */
function displayDay(iso: string): string {
  const [year, month, day] = todayIn(APP_TIME_ZONE, new Date(iso)).split('-');
  return `${MONTHS[Number(month) - 1]} ${day}, ${year}`;
}

/**
 * candidates_list.xlsx (spec 3 §9): sheet Candidates, the 16 columns of the contracts' one definition
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
