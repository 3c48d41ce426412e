import { Box, Icon, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import { memo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';

export interface DropZoneProps {
  onFiles: (files: File[]) => void;
  /** The input's accept list (the /files area: PDF and any image). */
  accept?: string;
  title?: string;
  hint?: string;
  disabled?: boolean;
  /** Label of the hidden file input (tests and screen readers find it by this). */
  inputLabel?: string;
}

/**
 * Drag and drop, or click (Enter/Space) to browse; several files at a time. Memoised: the
 * pages around it re-render at every upload progress notice, and its styled box is the
 * costliest thing they would redraw for nothing.
 */
export const DropZone = memo(function DropZone({
  onFiles,
  accept = 'application/pdf,image/*',
  title = 'Drag and drop files here, or click to browse',
  hint = 'PDF and images (PNG, JPG, JPEG)',
  disabled = false,
  inputLabel = 'Choose files to upload',
}: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const take = (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (files.length && !disabled) onFiles(files);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      input.current?.click();
    }
  };

  return (
    <Box
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled || undefined}
      aria-label={title}
      data-testid="drop-zone"
      data-dragging={over || undefined}
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'brand.solid' : 'border.emphasized'}
      bg={over ? 'brand.subtle' : 'bg.subtle'}
      borderRadius="l3"
      px="6"
      py="8"
      textAlign="center"
      cursor={disabled ? 'not-allowed' : 'pointer'}
      opacity={disabled ? 0.6 : 1}
      transition="background 0.15s, border-color 0.15s"
      _hover={disabled ? undefined : { borderColor: 'brand.solid' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
      onClick={() => !disabled && input.current?.click()}
      onKeyDown={onKeyDown}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <Stack align="center" gap="2">
        <Icon size="xl" color="fg.muted">
          <Upload />
        </Icon>
        <Text fontWeight="medium">{title}</Text>
        <Text textStyle="sm" color="fg.muted">
          {hint}
        </Text>
      </Stack>
      <VisuallyHidden asChild>
        <input
          ref={input}
          type="file"
          multiple
          accept={accept}
          aria-label={inputLabel}
          disabled={disabled}
          tabIndex={-1}
          onClick={(e) => e.stopPropagation()}
          onChange={(e) => {
            take(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
      </VisuallyHidden>
    </Box>
  );
});
