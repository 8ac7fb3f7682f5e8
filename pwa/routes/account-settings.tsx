import { createFileRoute } from '@tanstack/react-router';
import { AccountSettings } from '../features/account/account-settings.tsx';

export const Route = createFileRoute('/account-settings')({ component: AccountSettings });
