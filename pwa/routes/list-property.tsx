import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ListPropertyWizard } from '../features/listings/list-property-wizard.tsx';

export const Route = createFileRoute('/list-property')({
  validateSearch: v.object({
    plan: v.fallback(v.optional(v.string()), undefined),
    draft: v.fallback(v.optional(v.string()), undefined),
  }),
  component: ListPropertyPage,
});

function ListPropertyPage() {
  const { plan, draft } = Route.useSearch();
  return <ListPropertyWizard plan={plan} draft={draft} />;
}
