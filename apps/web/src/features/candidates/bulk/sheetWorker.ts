import { readSheet } from 'read-excel-file/universal';

/**
 * Reads an .xlsx workbook's first sheet off the page's thread (the XML is parsed in one go), so that a
 * large sheet never freezes the page. Answers `{ ok: true, data }` or `{ ok: false }`.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ArrayBuffer>) => void) | null;
  postMessage(message: unknown): void;
};
scope.onmessage = (event) => {
  readSheet(event.data).then(
    (data) => scope.postMessage({ ok: true, data }),
    () => scope.postMessage({ ok: false }),
  );
};
