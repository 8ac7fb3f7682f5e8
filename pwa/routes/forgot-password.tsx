import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../features/auth/password-reset-forms.tsx';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordForm });
