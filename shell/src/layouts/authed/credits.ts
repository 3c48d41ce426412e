import { DEFAULT_LOW_BALANCE_THRESHOLD, isBelowThreshold } from '@quarry/shared/schemas';

export interface CreditsCardModel {
  low: boolean;
  /** 'Low balance' below the threshold the admin set, 'Current balance' from it up. */
  label: 'Low balance' | 'Current balance';
  /** The formatted balance, or null while it is not known. */
  display: string | null;
}

/** The credits card for a balance: low below the threshold (users/me/resource-limits answers it). */
export function creditsCardModel(balance: number | null | undefined, threshold: number = DEFAULT_LOW_BALANCE_THRESHOLD): CreditsCardModel {
  const known = typeof balance === 'number' && Number.isFinite(balance);
  const low = known && isBelowThreshold(balance, threshold);
  return {
    low,
    label: low ? 'Low balance' : 'Current balance',
    display: known ? balance.toLocaleString('en-US') : null,
  };
}
