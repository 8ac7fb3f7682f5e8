import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button.tsx';
import { Card, PageTitle } from '../../ui/card.tsx';

const STAGES = [
  { label: 'Property Details', state: 'Submitted', tone: 'bg-emerald-600' },
  { label: 'Image Review', state: 'In progress', tone: 'bg-amber-500' },
  { label: 'Go Live', state: 'Pending', tone: 'bg-stone-400' },
];

export function PendingApproval({ propertyId }: { propertyId: string | undefined }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <PageTitle sub="Thank you! Your property has been submitted for review.">Images Pending Approval</PageTitle>
      <Card>
        <ol className="grid gap-4">
          {STAGES.map((stage, index) => (
            <li key={stage.label} className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className={`flex size-8 items-center justify-center rounded-full text-sm font-bold text-white ${stage.tone}`}
              >
                {index + 1}
              </span>
              <span className="font-medium">{stage.label}</span>
              <span className="ml-auto text-sm text-stone-700">{stage.state}</span>
            </li>
          ))}
        </ol>
        <p className="mt-6 text-stone-800">
          Our team reviews your images within 24-48 hours. After that your property goes live automatically and appears
          in search.
        </p>
        <div className="mt-6 flex flex-wrap gap-2">
          <Link to="/dashboard" className={buttonClass('primary')}>
            Go to Dashboard
          </Link>
          {propertyId && (
            <Link to="/property/$id" params={{ id: propertyId }} className={buttonClass('secondary')}>
              Preview Property
            </Link>
          )}
          <Link to="/list-property" className={buttonClass('secondary')}>
            List Another Property
          </Link>
        </div>
      </Card>
    </div>
  );
}
