import { isLowBalance } from '@quarry/shared';

export interface CreditsCardModel {
  low: boolean;
  /** 'Low balance' at 100 or less, 'Current balance' above. */
  label: 'Low balance' | 'Current balance';
  /** The formatted balance, or null while it is not known. */
  display: string | null;
}

/** The credits card for a balance (spec 2 §9: 100 or less is low). */
export function creditsCardModel(balance: number | null | undefined): CreditsCardModel {
  const known = typeof balance === 'number' && Number.isFinite(balance);
  const low = known && isLowBalance(balance);
  return {
    low,
    label: low ? 'Low balance' : 'Current balance',
    display: known ? balance.toLocaleString('en-US') : null,
  };
}
