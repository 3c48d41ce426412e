// The resource-type edit form: description, reset period and aggregation type
// are always sent; default limit, alert threshold and credit cost only when filled, and
// then only as whole numbers (0 or more; the threshold a percentage).
import type { ResourceType, ResourceTypeUpdate } from '@quarry/shared/schemas';

export interface ResourceTypeFormValues {
  description: string;
  reset_period: ResourceType['reset_period'];
  aggregation_type: ResourceType['aggregation_type'];
  default_limit: string;
  default_alert_threshold: string;
  credit_cost: string;
}

export type NumericField = 'default_limit' | 'default_alert_threshold' | 'credit_cost';
export type ResourceTypeFormErrors = Partial<Record<NumericField, string>>;

export const WHOLE_NUMBER_MESSAGE = 'Enter a whole number of 0 or more';
export const THRESHOLD_MESSAGE = 'Enter a whole percentage from 0 to 100';
const MAX = 2_000_000_000;

export function formValuesOf(t: ResourceType): ResourceTypeFormValues {
  return {
    description: t.description ?? '',
    reset_period: t.reset_period,
    aggregation_type: t.aggregation_type,
    default_limit: String(t.default_limit),
    default_alert_threshold: String(t.default_alert_threshold),
    credit_cost: String(t.credit_cost),
  };
}

/** null when empty; NaN when not a whole number in range. */
function parseWhole(raw: string, max: number): number | null {
  const text = raw.trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text)) return Number.NaN;
  const n = Number(text);
  return n <= max ? n : Number.NaN;
}

export function validateResourceTypeForm(v: ResourceTypeFormValues): ResourceTypeFormErrors {
  const errors: ResourceTypeFormErrors = {};
  if (Number.isNaN(parseWhole(v.default_limit, MAX))) errors.default_limit = WHOLE_NUMBER_MESSAGE;
  if (Number.isNaN(parseWhole(v.default_alert_threshold, 100))) errors.default_alert_threshold = THRESHOLD_MESSAGE;
  if (Number.isNaN(parseWhole(v.credit_cost, MAX))) errors.credit_cost = WHOLE_NUMBER_MESSAGE;
  return errors;
}

/** The PUT body; call after `validateResourceTypeForm` found nothing. */
export function toResourceTypeUpdate(v: ResourceTypeFormValues): ResourceTypeUpdate {
  const body: ResourceTypeUpdate = {
    description: v.description.trim() === '' ? null : v.description.trim(),
    reset_period: v.reset_period,
    aggregation_type: v.aggregation_type,
  };
  const limit = parseWhole(v.default_limit, MAX);
  const threshold = parseWhole(v.default_alert_threshold, 100);
  const cost = parseWhole(v.credit_cost, MAX);
  if (limit !== null) body.default_limit = limit;
  if (threshold !== null) body.default_alert_threshold = threshold;
  if (cost !== null) body.credit_cost = cost;
  return body;
}
