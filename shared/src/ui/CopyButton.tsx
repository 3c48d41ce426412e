import { Button, type ButtonProps } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from './toaster';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'value'> {
  /** The text to copy (or a function producing it at click time). */
  text: string | (() => string);
  label?: ReactNode;
  copiedLabel?: ReactNode;
  /** Success toast; null for none. */
  successTitle?: string | null;
  successMessage?: string;
  /** Failure toast ('Copy failed' / 'Could not copy text to clipboard'). */
  failureTitle?: string;
  failureMessage?: string;
  icon?: ReactNode;
  onCopied?: () => void;
}

/** Copies to the clipboard and says so with a toast; failures show the destructive toast. */
export function CopyButton({
  text,
  label = 'Copy',
  copiedLabel = 'Copied',
  successTitle = 'Copied',
  successMessage = 'Copied to clipboard',
  failureTitle = 'Copy failed',
  failureMessage = 'Could not copy text to clipboard',
  icon,
  onCopied,
  size = 'xs',
  variant = 'outline',
  ...rest
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      const value = typeof text === 'function' ? text() : text;
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(value);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
      if (successTitle) toast.success(successTitle, successMessage);
      onCopied?.();
    } catch {
      toast.error(failureTitle, failureMessage);
    }
  };

  return (
    <Button size={size} variant={variant} onClick={() => void copy()} {...rest}>
      {icon}
      {copied ? copiedLabel : label}
    </Button>
  );
}
