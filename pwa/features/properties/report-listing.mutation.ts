import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import type { ReportAnswer, ReportListingInput } from './reports-contract.ts';

// POST /api/properties/{id}/reports. Sent now or not at all: a report needs a connection (no
// outbox kind), and the key is chosen per press of Send by apiRequest.

export const postReport = ({ id, body }: { id: string; body: ReportListingInput }) =>
  apiRequest<ReportAnswer>('POST', `/api/properties/${encodeURIComponent(id)}/reports`, { body });

export const useReportListing = (id: string) =>
  useMutation({ mutationFn: (body: ReportListingInput) => postReport({ id, body }) });
