import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { RegisterForm } from '../features/auth/register-form.tsx';

const text = v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))), undefined);

export const Route = createFileRoute('/register')({
  validateSearch: v.object({ action: text, propertyId: text, userType: text }),
  component: RegisterPage,
});

function RegisterPage() {
  return <RegisterForm search={Route.useSearch()} />;
}
