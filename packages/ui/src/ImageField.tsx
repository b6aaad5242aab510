import { useId, useRef, type ReactNode } from 'react';
import { Button } from './Button.tsx';

export interface ImageFieldProps {
  label: string;
  /** What to show now: the chosen file's preview or the stored image's address. */
  previewUrl: string | null;
  /** Shown in place of a preview (e.g. initials) when there is no image. */
  placeholder?: ReactNode;
  accept: string;
  onSelect: (file: File) => void;
  /** Offers "Remove" when there is an image. */
  onRemove?: () => void;
  removeLabel?: string;
  hint?: string;
  errorMessage?: string | undefined;
  isDisabled?: boolean;
}

/** Pick one image file, see it, replace or remove it. Checking the file is the caller's job. */
export function ImageField({
  label,
  previewUrl,
  placeholder,
  accept,
  onSelect,
  onRemove,
  removeLabel = 'Remove',
  hint,
  errorMessage,
  isDisabled,
}: ImageFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="field image-field" data-invalid={errorMessage ? true : undefined}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="image-field-row">
        <div className="image-field-preview">
          {previewUrl ? <img src={previewUrl} alt={`${label} preview`} /> : placeholder}
        </div>
        <div className="image-field-actions">
          <input
            id={id}
            ref={input}
            type="file"
            accept={accept}
            className="sr-only"
            disabled={isDisabled}
            aria-invalid={errorMessage ? true : undefined}
            aria-describedby={`${id}-note`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) onSelect(file);
              e.target.value = '';
            }}
          />
          <Button
            variant="secondary"
            size="sm"
            isDisabled={isDisabled}
            onPress={() => input.current?.click()}
          >
            {previewUrl ? 'Replace photo' : 'Choose photo'}
          </Button>
          {previewUrl && onRemove ? (
            <Button variant="ghost" size="sm" isDisabled={isDisabled} onPress={onRemove}>
              {removeLabel}
            </Button>
          ) : null}
        </div>
      </div>
      <span id={`${id}-note`} className={errorMessage ? 'field-error' : 'field-hint'}>
        {errorMessage ?? hint}
      </span>
    </div>
  );
}
