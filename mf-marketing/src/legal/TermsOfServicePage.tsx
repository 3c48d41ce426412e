import { TERMS_OF_SERVICE } from './documents';
import { LegalPage } from './LegalPage';

export default function TermsOfServicePage() {
  return <LegalPage doc={TERMS_OF_SERVICE} />;
}
