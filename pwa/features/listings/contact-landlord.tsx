import { Link } from '@tanstack/react-router';
import { isStatus } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/current-user.ts';
import { useProperty } from '../../lib/queries/property.queries.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Card, PageTitle } from '../../ui/card.tsx';
import { SafetyNote } from '../../ui/safety-note.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';

const SUPPORT_EMAIL = 'support@efie.app';
const SUPPORT_PHONE = '+233302000000';

export function ContactLandlord({ id }: { id: string }) {
  const auth = useAuth();
  const property = useProperty(id);
  if (auth.status === 'loading' || property.isPending) return <CenteredSpinner />;
  if (auth.status === 'unauthenticated') {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <Card className="text-center">
          <h1 className="text-xl font-bold">Sign-up required</h1>
          <p className="mt-2 text-stone-700">Create a free account to see the owner's contact details.</p>
          <Link
            to="/register"
            search={{ action: 'contact', propertyId: id }}
            className={buttonClass('primary', 'mt-4')}
          >
            Sign Up
          </Link>
        </Card>
      </div>
    );
  }
  if (property.isError) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Property not found</h1>
        <p className="mt-2 text-stone-700">The property you're looking for doesn't exist or has been removed.</p>
        {!isStatus(property.error, 404) && <p className="text-sm text-stone-700">({property.error.message})</p>}
        <Link to="/search" className={buttonClass('primary', 'mt-4')}>
          Back to Search
        </Link>
      </div>
    );
  }
  const data = property.data;
  const label = data.ownerUserType === 'agent' ? 'Agent' : 'Landlord';
  const live = data.isVerified && data.isActive;
  const name = data.ownerBusinessName || [data.ownerFirstName, data.ownerLastName].filter(Boolean).join(' ');
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <PageTitle sub={data.title}>Contact {label}</PageTitle>
      <SafetyNote className="mb-4" />
      {live ? (
        <Card className="grid gap-3">
          {name && <p className="text-lg font-semibold">{name}</p>}
          {data.ownerEmail && (
            <a href={`mailto:${data.ownerEmail}`} className={buttonClass('primary')}>
              Email {data.ownerEmail}
            </a>
          )}
          {data.ownerPhone && (
            <a href={`tel:${data.ownerPhone}`} className={buttonClass('secondary')}>
              Call {data.ownerPhone}
            </a>
          )}
          {!data.ownerEmail && !data.ownerPhone && (
            <p className="text-stone-700">This {label.toLowerCase()} has not shared contact details yet.</p>
          )}
        </Card>
      ) : (
        <Card>
          <h2 className="text-lg font-semibold">Property Under Review</h2>
          <p className="mt-1 text-stone-700">Contact details appear once the property has been approved.</p>
        </Card>
      )}
      <Card className="mt-6 grid gap-2">
        <h2 className="font-semibold">Need help? Contact Efie</h2>
        <div className="flex flex-wrap gap-2">
          <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClass('secondary')}>
            Email {SUPPORT_EMAIL}
          </a>
          <a href={`tel:${SUPPORT_PHONE}`} className={buttonClass('secondary')}>
            Call {SUPPORT_PHONE}
          </a>
        </div>
      </Card>
      <Link to="/property/$id" params={{ id }} className="mt-6 inline-block font-medium text-teal-800 hover:underline">
        Back to the property
      </Link>
    </div>
  );
}
