import { BALANCE_ADJUSTMENT_MESSAGES } from '@quarry/shared/schemas';

export interface AdjustmentValues {
  amount: string;
  reason: string;
}
export type AdjustmentErrors = Partial<Record<keyof AdjustmentValues, string>>;

/** A whole number of credits other than 0 (negative takes credits) and a reason. */
export function validateAdjustment(v: AdjustmentValues): AdjustmentErrors {
  const errors: AdjustmentErrors = {};
  const text = v.amount.trim();
  if (!/^-?\d+$/.test(text) || Number(text) === 0) errors.amount = BALANCE_ADJUSTMENT_MESSAGES.amount;
  else if (Math.abs(Number(text)) > 1_000_000) errors.amount = BALANCE_ADJUSTMENT_MESSAGES.amountMax;
  if (v.reason.trim() === '') errors.reason = BALANCE_ADJUSTMENT_MESSAGES.reason;
  return errors;
}
