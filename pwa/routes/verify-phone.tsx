import { createFileRoute } from '@tanstack/react-router';
import { VerifyCodeForm } from '../features/auth/verify-code-form.tsx';

export const Route = createFileRoute('/verify-phone')({ component: () => <VerifyCodeForm channel="phone" /> });
