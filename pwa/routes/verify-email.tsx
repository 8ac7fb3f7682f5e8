import { createFileRoute } from '@tanstack/react-router';
import { VerifyCodeForm } from '../features/auth/verify-code-form.tsx';

export const Route = createFileRoute('/verify-email')({ component: () => <VerifyCodeForm channel="email" /> });
