import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export interface ButtonProps extends AriaButtonProps {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'md' | 'sm';
}

export function Button({ variant = 'primary', size = 'md', className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={`btn btn-${variant} btn-${size} ${className ?? ''}`} />;
}
