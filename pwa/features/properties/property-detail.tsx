import { usePrefetchQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isStatus } from '../../lib/api-client.ts';
import type { Property } from '../../lib/contract.ts';
import { useAuth } from '../../lib/current-user.ts';
import {
  amenityLabel,
  categoryLabel,
  formatPrice,
  imageList,
  periodLabel,
  propertyTypeLabel,
} from '../../lib/format.ts';
import { buttonClass } from '../../ui/button.tsx';
import { AgentLicenseBadge } from '../../ui/agent-license-badge.tsx';
import { Badge, Card } from '../../ui/card.tsx';
import { SafetyNote } from '../../ui/safety-note.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';
import { AdvanceRent } from './advance-rent.tsx';
import { ConfirmedAvailable } from './confirmed-available.tsx';
import { ListingReviews } from './listing-reviews.tsx';
import { FavoriteButton } from './favorite-button.tsx';
import { Gallery } from './gallery.tsx';
import { GpsAddressRow } from './gps-address.tsx';
import { HostResponseLine } from './host-response.tsx';
import { useProperty } from '../../lib/queries/property.queries.ts';
import { ReportListing } from './report-listing.tsx';
import { ContactButtons, type MessageHostSlot } from './contact-buttons.tsx';
import { ShareButton } from './share-button.tsx';
import { listingVideosQuery, VideoTour } from './video-tour.tsx';
import { useT } from '../../i18n/i18n.ts';
import { enListing } from '../../i18n/en-listing.ts';

/** `messageHost`: the "Message the host" composer, given by the route (features do not import each other). */
export function PropertyDetail({ id, messageHost }: { id: string; messageHost?: MessageHostSlot }) {
  const property = useProperty(id);
  // Asked for alongside the listing, never waited for.
  usePrefetchQuery(listingVideosQuery(id));
  if (property.isPending) return <CenteredSpinner />;
  if (property.isError) {
    return isStatus(property.error, 404) || isStatus(property.error, 400) ? <PropertyNotFound /> : <LoadFailed />;
  }
  return <PropertyView property={property.data} messageHost={messageHost} />;
}

function PropertyView({ property, messageHost }: { property: Property; messageHost: MessageHostSlot | undefined }) {
  const { t } = useT(enListing);
  const agent = property.ownerUserType === 'agent';
  return (
    <article className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[1fr_340px]">
      <div className="grid min-w-0 gap-5">
        <Gallery images={imageList(property.images, property.image)} title={property.title} />
        <header className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            {property.isVerified && <Badge tone="green">{t('card.verified')}</Badge>}
            <Badge>{categoryLabel(property.category)}</Badge>
            <Badge tone="blue">{property.listingType === 'sale' ? t('listing.forSale') : t('listing.forRent')}</Badge>
          </div>
          <h1 className="text-2xl font-bold md:text-3xl">{property.title}</h1>
          <p className="text-stone-700">
            {[property.address, property.city, property.country]
              .filter((part, index, all) => part && !all.slice(0, index).some((earlier) => earlier?.includes(part)))
              .join(', ')}
          </p>
          {property.digitalAddress && <GpsAddressRow code={property.digitalAddress} />}
          <p className="text-2xl font-bold text-teal-800">
            {formatPrice(property)}
            <span className="text-base font-normal text-stone-700">{periodLabel(property.pricingPeriod)}</span>
          </p>
          <AdvanceRent property={property} />
          <ConfirmedAvailable property={property} />
          <div className="flex flex-wrap gap-2">
            <ShareButton title={property.title} />
            <FavoriteButton property={property} place="detail" />
          </div>
        </header>
        {/* Sized to their words, not thirds: a third of a 360 px screen is narrower than "Apartment". */}
        <dl className="flex flex-wrap justify-around gap-x-3 gap-y-2 rounded-xl border border-stone-200 bg-white p-4 text-center">
          <Fact label={t('listing.bedrooms')} value={property.bedrooms} />
          <Fact label={t('listing.bathrooms')} value={property.bathrooms} />
          <Fact label={t('listing.type')} value={propertyTypeLabel(property.propertyType)} />
        </dl>
        <section>
          <h2 className="mb-2 text-xl font-semibold">{t('listing.about')}</h2>
          <p className="whitespace-pre-line text-stone-800">{property.description}</p>
        </section>
        <VideoTour id={property.id} title={property.title} />
        {property.amenities.length > 0 && (
          <section>
            <h2 className="mb-2 text-xl font-semibold">{t('listing.amenities')}</h2>
            <ul className="flex flex-wrap gap-2">
              {property.amenities.map((amenity) => (
                <li key={amenity} className="rounded-full bg-stone-100 px-3 py-1 text-sm">
                  {amenityLabel(amenity)}
                </li>
              ))}
            </ul>
          </section>
        )}
        <ListingReviews property={property} />
      </div>
      <aside className="grid content-start gap-3 lg:sticky lg:top-20 lg:self-start">
        <ContactCard property={property} agent={agent} messageHost={messageHost} />
        <SafetyNote />
        <ReportListing property={property} />
      </aside>
    </article>
  );
}

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-stone-700">{label}</dt>
      <dd className="text-lg font-semibold [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}

function ContactCard({
  property,
  agent,
  messageHost,
}: {
  property: Property;
  agent: boolean;
  messageHost: MessageHostSlot | undefined;
}) {
  const auth = useAuth();
  const { t } = useT(enListing);
  const contact = agent ? t('listing.contactAgent') : t('listing.contactLandlord');
  const owner =
    property.ownerBusinessName ||
    [property.ownerFirstName, property.ownerLastName].filter(Boolean).join(' ') ||
    (agent ? t('listing.efieAgent') : t('listing.efieLandlord'));
  return (
    <Card className="grid gap-3">
      <h2 className="text-lg font-semibold">{contact}</h2>
      <p className="flex flex-wrap items-center gap-2 text-stone-800">
        <span className="[overflow-wrap:anywhere]">{owner}</span>
        <AgentLicenseBadge label={property.ownerAgentLicense} />
      </p>
      <HostResponseLine id={property.id} />
      <p className="text-sm text-stone-700">{t('listing.contactFree')}</p>
      {auth.status === 'authenticated' ? (
        <Link to="/contact-landlord/$id" params={{ id: property.id }} className={buttonClass('primary', 'w-full')}>
          {contact}
        </Link>
      ) : (
        <Link
          to="/register"
          search={{ action: 'contact', propertyId: property.id }}
          className={buttonClass('primary', 'w-full')}
        >
          {contact}
        </Link>
      )}
      <ContactButtons property={property} messageHost={messageHost} />
    </Card>
  );
}

export function PropertyNotFound() {
  const { t } = useT(enListing);
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-2xl font-bold">{t('listing.notFound')}</h1>
      <p className="text-stone-700">{t('listing.notFoundText')}</p>
      <Link to="/search" className={buttonClass('primary')}>
        {t('listing.backToSearch')}
      </Link>
    </div>
  );
}

function LoadFailed() {
  const { t } = useT(enListing);
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-xl font-bold">{t('listing.loadFailed')}</h1>
      <p className="text-stone-700">{t('listing.checkConnection')}</p>
    </div>
  );
}
