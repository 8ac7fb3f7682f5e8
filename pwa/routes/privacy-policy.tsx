import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/legal-page.tsx';
import { privacyPolicy } from '../features/legal/privacy-policy.content.ts';

export const Route = createFileRoute('/privacy-policy')({
  component: () => <LegalPage document={privacyPolicy} />,
});
