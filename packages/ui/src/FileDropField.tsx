import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from './Button.tsx';

export interface FileDropFieldProps {
  label: string;
  /** The chosen file, shown by name and size; null for none. */
  file: File | null;
  accept: string;
  onSelect: (file: File) => void;
  hint?: string;
  errorMessage?: string | undefined;
  isDisabled?: boolean;
  /** The button's words ("Choose file"). */
  chooseLabel?: string;
  isRequired?: boolean;
}

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Pick one file with a button or by dropping it on the box; shows the chosen file by name and size. Checking the file is the caller's job. */
export function FileDropField({
  label,
  file,
  accept,
  onSelect,
  hint,
  errorMessage,
  isDisabled,
  chooseLabel = 'Choose file',
  isRequired,
}: FileDropFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped && !isDisabled) onSelect(dropped);
  };
  return (
    <div className="field file-drop" data-invalid={errorMessage ? true : undefined}>
      <label htmlFor={id} className="field-label">
        {label}
        {isRequired ? (
          <span className="required-star" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
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
          required={isRequired}
          aria-invalid={errorMessage ? true : undefined}
          aria-describedby={`${id}-note ${id}-chosen`}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            if (chosen) onSelect(chosen);
            e.target.value = '';
          }}
        />
        <span id={`${id}-chosen`} className="file-drop-name">
          {file ? (
            <>
              <strong>{file.name}</strong> <span className="muted">({sizeText(file.size)})</span>
            </>
          ) : (
            <span className="muted">No file chosen</span>
          )}
        </span>
        <Button variant="secondary" size="sm" isDisabled={isDisabled} onPress={() => input.current?.click()}>
          {file ? 'Replace' : chooseLabel}
        </Button>
      </div>
      <span id={`${id}-note`} className={errorMessage ? 'field-error' : 'field-hint'}>
        {errorMessage ?? hint}
      </span>
    </div>
  );
}
