/**
 * Saves a fetched file under `fileName` through a temporary link, as the browser's own download would.
 * The object URL is let go a little later: revoking it at once can cancel the download in some browsers.
 */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
