import { useState } from 'react';
import { toast } from '@portal/ui';

/**
 * A list's Export Excel: runs the download, says when it is done or failed, and tells the button to wait
 * meanwhile (the server writes the file as it reads the rows, which takes a few seconds at 100,000).
 */
export function useDownload(download: () => Promise<void>, words: { done: string; failed: string }) {
  const [isDownloading, setDownloading] = useState(false);
  async function start() {
    setDownloading(true);
    try {
      await download();
      toast.success(words.done);
    } catch {
      toast.error(words.failed);
    } finally {
      setDownloading(false);
    }
  }
  return { isDownloading, start: () => void start() };
}
