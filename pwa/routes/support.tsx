import { createFileRoute } from '@tanstack/react-router';
import { SupportPage } from '../features/messages/support-page.tsx';

export const Route = createFileRoute('/support')({ component: SupportPage });
