import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ResetPasswordForm } from '../features/auth/password-reset-forms.tsx';

export const Route = createFileRoute('/reset-password')({
  validateSearch: v.object({
    token: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))), undefined),
  }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  return <ResetPasswordForm token={Route.useSearch().token ?? ''} />;
}
