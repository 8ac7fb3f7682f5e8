import { createFileRoute } from '@tanstack/react-router';
import { InboxScreen } from '../features/conversations/inbox-screen.tsx';

export const Route = createFileRoute('/messages/')({ component: InboxScreen });
