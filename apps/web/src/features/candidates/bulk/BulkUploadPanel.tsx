/** The Bulk Upload tab of Add Candidate (spec 3 §2.2): an Excel sheet and a ZIP of resumes. */
export function BulkUploadPanel() {
  return null;
}
