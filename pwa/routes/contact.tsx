import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/messages/contact-page.tsx';

export const Route = createFileRoute('/contact')({ component: ContactPage });
