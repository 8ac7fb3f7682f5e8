import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/legal-page.tsx';
import { termsOfService } from '../features/legal/terms-of-service.content.ts';

export const Route = createFileRoute('/terms-of-service')({
  component: () => <LegalPage document={termsOfService} backToHome />,
});
