import { createFileRoute } from '@tanstack/react-router';
import { ListingPayment } from '../features/listings/listing-payment.tsx';

export const Route = createFileRoute('/listing-payment')({ component: ListingPayment });
