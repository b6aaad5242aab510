import { useCallback, useState } from 'react';
import { toast } from '@portal/ui';

/**
 * One of the upload's files: chosen only when its name says the right kind (else `refusal` is shown beside
 * the field and told), with the error shown beside it.
 */
export function useChosenFile(isRightKind: (name: string) => boolean, refusal: string) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const choose = useCallback(
    (next: File) => {
      if (!isRightKind(next.name)) {
        setError(refusal);
        toast.error(refusal);
        return;
      }
      setFile(next);
      setError(undefined);
    },
    [isRightKind, refusal],
  );
  const reset = useCallback(() => {
    setFile(null);
    setError(undefined);
  }, []);
  return { file, error, setError, choose, reset };
}
