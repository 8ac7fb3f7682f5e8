import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '../features/auth/login-form.tsx';

export const Route = createFileRoute('/login')({ component: LoginForm });
