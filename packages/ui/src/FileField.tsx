import { NativeField } from './FieldParts.tsx';

export interface FileFieldProps {
  label: string;
  accept: string;
  onSelect: (file: File) => void;
  isRequired?: boolean;
  isDisabled?: boolean;
  description?: string | undefined;
  errorMessage?: string | undefined;
}

/** A native file picker with its label, hint and error (the chosen file's name is the browser's). */
export function FileField({ accept, onSelect, isRequired, isDisabled, ...frame }: FileFieldProps) {
  return (
    <NativeField isRequired={isRequired} {...frame}>
      {(control) => (
        <input
          {...control}
          type="file"
          className="input input-file"
          accept={accept}
          required={isRequired}
          disabled={isDisabled}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onSelect(file);
          }}
        />
      )}
    </NativeField>
  );
}
