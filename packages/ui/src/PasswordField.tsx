import { useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { TextField } from './fields.tsx';

export interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  isRequired?: boolean;
  errorMessage?: string | undefined;
  description?: string;
  autoComplete?: 'current-password' | 'new-password';
}

/** A password input with a Show/Hide toggle, so people can check what they typed. */
export function PasswordField({ autoComplete = 'new-password', ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      validationBehavior="aria"
      addon={
        <AriaButton
          className="input-addon"
          aria-label={`${visible ? 'Hide' : 'Show'} ${props.label.toLowerCase()}`}
          onPress={() => setVisible(!visible)}
        >
          {visible ? 'Hide' : 'Show'}
        </AriaButton>
      }
    />
  );
}
