import { Badge } from '@chakra-ui/react';
import type { CreditRequestStatus } from '@quarry/shared/schemas';

const COLOURS: Record<CreditRequestStatus, string> = { pending: 'yellow', approved: 'green', rejected: 'red' };
const LABELS: Record<CreditRequestStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

export function RequestStatusBadge({ status }: { status: CreditRequestStatus }) {
  return (
    <Badge colorPalette={COLOURS[status]} data-status={status}>
      {LABELS[status]}
    </Badge>
  );
}
