import { THRESHOLD_MESSAGE, WHOLE_NUMBER_MESSAGE, toResourceTypeUpdate, validateResourceTypeForm, type ResourceTypeFormValues } from './form';

const base: ResourceTypeFormValues = {
  description: '  Pages across all files ',
  reset_period: 'MONTHLY',
  aggregation_type: 'SUM',
  default_limit: '750',
  default_alert_threshold: '',
  credit_cost: ' 2 ',
};

describe('resource type form (numbers sent only when filled, as integers)', () => {
  it('sends the filled numbers as integers and leaves the empty ones out', () => {
    expect(validateResourceTypeForm(base)).toEqual({});
    expect(toResourceTypeUpdate(base)).toEqual({
      description: 'Pages across all files',
      reset_period: 'MONTHLY',
      aggregation_type: 'SUM',
      default_limit: 750,
      credit_cost: 2,
    });
  });

  it('an empty description is sent as null', () => {
    expect(toResourceTypeUpdate({ ...base, description: '  ' }).description).toBeNull();
  });

  it.each([
    ['default_limit', '1.5', WHOLE_NUMBER_MESSAGE],
    ['default_limit', '-3', WHOLE_NUMBER_MESSAGE],
    ['default_limit', '1e3', WHOLE_NUMBER_MESSAGE],
    ['credit_cost', 'ten', WHOLE_NUMBER_MESSAGE],
    ['default_limit', '3000000000', WHOLE_NUMBER_MESSAGE],
    ['default_alert_threshold', '101', THRESHOLD_MESSAGE],
    ['default_alert_threshold', '50.5', THRESHOLD_MESSAGE],
  ] as const)('%s = %j is refused with a message', (field, value, message) => {
    expect(validateResourceTypeForm({ ...base, [field]: value })).toEqual({ [field]: message });
  });
});
