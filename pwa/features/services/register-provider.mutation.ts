import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterProviderInput, ServiceProvider } from '../../lib/contract.ts';
import { onFormSent, sendForm, type FormToSend } from '../../offline/queue-form.ts';
import { toast } from '../../ui/toast.ts';
import { PROVIDER_FORM_ENDPOINT } from './provider-form.outbox.ts';

// POST /api/service-providers, the one place a registration is sent from: now when online,
// else kept in the outbox and sent once when the connection returns (pwa/offline/queue-form.ts).
// The key is fixed per submission, so a retry of the same submission, now or from the outbox,
// is answered from the server's record. Registering needs an account: only the applicant's
// session may send a kept registration.

export const REGISTRATION_SUBMITTED = {
  title: 'Registration Submitted Successfully!',
  description: 'Our team will review your application and contact you within 24 hours.',
} as const;

export const REGISTRATION_QUEUED = {
  title: 'Saved on your phone',
  description: "You're offline: your registration will be sent when you're back online.",
} as const;

export type Registration = { body: RegisterProviderInput; idempotencyKey: string; ownerId: string };

/** The outbox's form for a registration: what the offline bar lists, and whose session sends it. */
export const registrationForm = ({ body, idempotencyKey, ownerId }: Registration): FormToSend => ({
  endpoint: PROVIDER_FORM_ENDPOINT,
  body,
  label: `Business registration: ${body.businessName}`,
  key: idempotencyKey,
  ownerId,
});

export const submitProviderRegistration = (registration: Registration) =>
  sendForm<ServiceProvider>(registrationForm(registration));

export function useRegisterProvider() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['service-providers'] });
  return useMutation({
    mutationFn: submitProviderRegistration,
    onSuccess: (outcome) => {
      if (outcome.status === 'sent') return refresh();
      // The dialog is closed by then: the page, not the form, says when it went out.
      const stop = onFormSent<ServiceProvider>(outcome.key, () => {
        stop();
        toast({
          ...REGISTRATION_SUBMITTED,
          description: `Your registration went out now that you're back online. ${REGISTRATION_SUBMITTED.description}`,
        });
        void refresh();
      });
    },
  });
}
