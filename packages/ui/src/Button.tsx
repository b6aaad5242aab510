import type { Ref } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export interface ButtonProps extends AriaButtonProps {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'md' | 'sm';
  /** For moving focus to the button (a dialog's Close once its action was refused). */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', size = 'md', className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={`btn btn-${variant} btn-${size} ${className ?? ''}`} />;
}
