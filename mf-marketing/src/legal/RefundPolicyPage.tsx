import { REFUND_POLICY } from './documents';
import { LegalPage } from './LegalPage';

export default function RefundPolicyPage() {
  return <LegalPage doc={REFUND_POLICY} />;
}
