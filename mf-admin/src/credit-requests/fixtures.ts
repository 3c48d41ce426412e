import type { AdminCreditRequest, CreditRequestStats } from '@quarry/shared/schemas';

let n = 0;
export function creditRequest(over: Partial<AdminCreditRequest> = {}): AdminCreditRequest {
  n += 1;
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    user_id: '11111111-1111-4111-8111-111111111111',
    amount: 500,
    usage_purpose: 'data_extraction',
    project_description: 'Extracting tables from 300 supplier invoices for a quarterly audit.',
    feedback: null,
    urgency: 'normal',
    expected_duration: '1-month',
    status: 'pending',
    admin_notes: null,
    reviewed_by: null,
    reviewed_at: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    user: { id: '11111111-1111-4111-8111-111111111111', name: 'Ada Lovelace', email: 'ada@example.com', current_balance: 80 },
    reviewer: null,
    ...over,
  };
}

export const STATS: CreditRequestStats = {
  pending_count: 2,
  approved_count: 1,
  rejected_count: 1,
  total_pending_credits: 1500,
  total_approved_credits: 250,
};
