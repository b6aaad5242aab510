import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from './Button.tsx';
import { RequiredStar } from './FieldParts.tsx';

export interface FileFieldProps {
  label: string;
  accept: string;
  onSelect: (file: File) => void;
  /**
   * The chosen file, shown by name and size; null for none. Left out, the field shows the last file
   * picked in it.
   */
  file?: File | null;
  /** The hint under the box (the error replaces it). */
  description?: string | undefined;
  errorMessage?: string | undefined;
  isDisabled?: boolean;
  isRequired?: boolean;
  /** The button's words ("Choose file"). */
  chooseLabel?: string;
}

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Pick one file with a button or by dropping it on the box; shows the chosen file by name and size.
 * Checking the file is the caller's job.
 */
export function FileField({
  label,
  file,
  accept,
  onSelect,
  description,
  errorMessage,
  isDisabled,
  isRequired,
  chooseLabel = 'Choose file',
}: FileFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [picked, setPicked] = useState<File | null>(null);
  const shown = file === undefined ? picked : file;
  const select = (chosen: File) => {
    setPicked(chosen);
    onSelect(chosen);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped && !isDisabled) select(dropped);
  };
  return (
    <div className="field file-drop" data-invalid={errorMessage ? true : undefined}>
      <label htmlFor={id} className="field-label">
        {label}
        <RequiredStar show={isRequired} />
      </label>
      <div
        className={`file-drop-box${dragging ? ' file-drop-dragging' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          if (!isDisabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          id={id}
          ref={input}
          type="file"
          accept={accept}
          className="sr-only"
          disabled={isDisabled}
          aria-required={isRequired || undefined}
          aria-invalid={errorMessage ? true : undefined}
          aria-describedby={`${id}-note ${id}-chosen`}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            if (chosen) select(chosen);
            // The same file chosen again (after fixing it) is a new choice.
            e.target.value = '';
          }}
        />
        <span id={`${id}-chosen`} className="file-drop-name">
          {shown ? (
            <>
              <strong>{shown.name}</strong> <span className="muted">({sizeText(shown.size)})</span>
            </>
          ) : (
            <span className="muted">No file chosen</span>
          )}
        </span>
        <Button variant="secondary" size="sm" isDisabled={isDisabled} onPress={() => input.current?.click()}>
          {shown ? 'Replace' : chooseLabel}
        </Button>
      </div>
      <span id={`${id}-note`} className={errorMessage ? 'field-error' : 'field-hint'}>
        {errorMessage ?? description}
      </span>
    </div>
  );
}
