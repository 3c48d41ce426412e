import { PRIVACY_POLICY } from './documents';
import { LegalPage } from './LegalPage';

export default function PrivacyPolicyPage() {
  return <LegalPage doc={PRIVACY_POLICY} />;
}
