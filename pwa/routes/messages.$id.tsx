import { createFileRoute } from '@tanstack/react-router';
import { ThreadScreen } from '../features/conversations/thread-screen.tsx';

export const Route = createFileRoute('/messages/$id')({ component: ThreadPage });

function ThreadPage() {
  return <ThreadScreen id={Route.useParams().id} />;
}
