import { HStack, Progress } from '@chakra-ui/react';
import { clampPercent } from '../format';

export interface ClampedProgressProps {
  /** Any number; shown clamped to 0–100 (non-numbers → 0). */
  value: number | null | undefined;
  label?: string;
  /** Show the rounded percent next to the bar. */
  showValue?: boolean;
  colorPalette?: string;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  striped?: boolean;
  animated?: boolean;
}

/** A Chakra progress bar whose value is always within 0–100. */
export function ClampedProgress({ value, label, showValue = false, colorPalette = 'brand', size = 'sm', striped, animated }: ClampedProgressProps) {
  const clamped = clampPercent(value);
  return (
    <Progress.Root value={clamped} min={0} max={100} colorPalette={colorPalette} size={size} striped={striped} animated={animated} width="full">
      {label || showValue ? (
        <HStack justify="space-between" mb="1">
          {label ? <Progress.Label>{label}</Progress.Label> : <span />}
          {showValue ? <Progress.ValueText>{`${Math.round(clamped)}%`}</Progress.ValueText> : null}
        </HStack>
      ) : null}
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
