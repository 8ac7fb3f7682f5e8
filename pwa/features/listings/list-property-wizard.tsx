import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Property } from '../../lib/contract.ts';
import { useAuth } from '../../lib/current-user.ts';
import { DraftChooser, DraftPhotoFields } from './draft-ui.tsx';
import { submitDraft, useListingDrafts, type SubmitOutcome } from './listing-drafts.ts';
import type { DraftRecord } from './drafts-store.ts';
import { Button } from '../../ui/button.tsx';
import { Badge, Card, PageTitle } from '../../ui/card.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.ts';
import { AmenityFields, BasicsFields, LocationPriceFields } from './listing-fields.tsx';
import { preloadGhanaPlaces } from './ghana-places-loader.ts';
import {
  advanceRentProblem,
  checkNewListing,
  digitalAddressProblem,
  emptyDraft,
  type ListingDraft,
} from './listing-form.schema.ts';
import { PLANS } from './plans.ts';
import { t, translateText, useT } from '../../i18n/i18n.ts';
import { enHost } from '../../i18n/en-host.ts';

const STEPS = ['wizard.stepBasics', 'wizard.stepLocation', 'wizard.stepAmenities'] as const;
const LOGIN_REDIRECT_MS = 1000;

export function ListPropertyWizard({ plan, draft }: { plan: string | undefined; draft?: string | undefined }) {
  const auth = useAuth();
  const navigate = useNavigate();
  useT(enHost);

  useEffect(() => {
    if (auth.status !== 'unauthenticated') return;
    toast({
      title: t('wizard.pleaseLogIn'),
      description: t('wizard.needLogIn'),
      variant: 'destructive',
    });
    const timer = setTimeout(() => void navigate({ to: '/login' }), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [auth.status, navigate]);

  if (auth.status !== 'authenticated') return <CenteredSpinner />;
  return <Wizard plan={plan} ownerId={auth.user.id} requestedDraft={draft} />;
}

const saveFailed = (error: Error) =>
  toast({ title: t('wizard.draftNotSaved'), description: error.message, variant: 'destructive' });

// Offline (issue 6): the wizard works on a draft kept on the device (pwa/offline), saved as
// the host types; photos stay on the device until the listing is sent through the outbox.
function Wizard({
  plan,
  ownerId,
  requestedDraft,
}: {
  plan: string | undefined;
  ownerId: string;
  requestedDraft: string | undefined;
}) {
  const drafts = useListingDrafts<ListingDraft>(ownerId, emptyDraft, requestedDraft, saveFailed);
  useT(enHost);
  const chosenPlan = PLANS.find((item) => item.id === plan);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageTitle sub={t('wizard.reviewed')}>{t('wizard.title')}</PageTitle>
      {chosenPlan && (
        <p className="mb-4">
          <Badge tone="teal">{t('wizard.plan', { plan: chosenPlan.name })}</Badge>
        </p>
      )}
      {drafts.state.mode === 'loading' && <CenteredSpinner />}
      {drafts.state.mode === 'choose' && (
        <Card>
          <DraftChooser
            drafts={drafts.state.drafts}
            titleOf={(fields) => fields.title}
            onResume={drafts.resume}
            onNew={drafts.startNew}
            onDelete={(id) => void drafts.remove(id)}
          />
        </Card>
      )}
      {drafts.state.mode === 'edit' && (
        <WizardForm
          key={drafts.state.draft.id}
          draft={drafts.state.draft}
          update={drafts.update}
          flush={drafts.flush}
          setLocked={drafts.setLocked}
        />
      )}
    </div>
  );
}

type FormProps = {
  draft: DraftRecord<ListingDraft>;
  update: (
    patch: Partial<Pick<DraftRecord<ListingDraft>, 'photos' | 'step'>> & { fields?: Partial<ListingDraft> },
  ) => void;
  flush: () => Promise<void>;
  setLocked: (locked: boolean) => void;
};

function WizardForm({ draft: record, update, flush, setLocked }: FormProps) {
  const draft = record.fields;
  const step = Math.min(record.step, STEPS.length - 1);
  const setStep = (next: number) => update({ step: next });
  const [submitting, setSubmitting] = useState(false);
  // Picked photos still being made smaller: submitting now would send the listing without them.
  const [preparingPhotos, setPreparingPhotos] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useT(enHost);
  const onChange = useCallback((patch: Partial<ListingDraft>) => update({ fields: patch }), [update]);
  const locked = submitting || record.queuedItemId !== undefined;
  useEffect(preloadGhanaPlaces, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step < STEPS.length - 1) {
      // A GPS address or an advance that does not read is said on its own step, not two steps later.
      const problem = step === 1 ? locationStepProblem(draft) : undefined;
      if (problem) {
        toast({ title: t('wizard.validationError'), description: translateText(problem), variant: 'destructive' });
        return;
      }
      setStep(step + 1);
      return;
    }
    const checked = checkNewListing({ ...draft, images: [] });
    if (!checked.ok) {
      toast({
        title: t('wizard.validationError'),
        description: translateText(checked.message),
        variant: 'destructive',
      });
      return;
    }
    // From here the draft is the outbox's: no control may change it (issue 20, point 6).
    setSubmitting(true);
    setLocked(true);
    let outcome: SubmitOutcome<Property>;
    try {
      await flush();
      const { images: _uploadedLater, ...body } = checked.body;
      outcome = await submitDraft<ListingDraft, Property>(record, body, `New listing: ${draft.title}`);
    } catch (error) {
      // Storage full or broken: said in words; the form stays as it is, nothing typed is lost.
      toast({
        title: t('wizard.notSubmitted'),
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
      return;
    } finally {
      setSubmitting(false);
      setLocked(false);
    }
    if (outcome.status === 'sent') {
      void queryClient.invalidateQueries({ queryKey: ['properties'] });
      void navigate({ to: '/images-pending-approval', search: { propertyId: outcome.property.id } });
    } else if (outcome.status === 'queued') {
      toast({ title: t('wizard.savedOnDevice'), description: t('wizard.sentWhenOnline') });
      void navigate({ to: '/dashboard' });
    } else if (outcome.httpStatus === 401) {
      toast({ title: t('wizard.sessionExpired'), description: t('wizard.logInAgain'), variant: 'destructive' });
      setTimeout(() => void navigate({ to: '/login' }), LOGIN_REDIRECT_MS);
    } else {
      toast({ title: t('wizard.failed'), description: translateText(outcome.message), variant: 'destructive' });
    }
  };

  return (
    <>
      <ol className="mb-6 grid grid-cols-3 gap-2" aria-label={t('wizard.steps')}>
        {STEPS.map((label, index) => (
          <li
            key={label}
            aria-current={index === step ? 'step' : undefined}
            className={`rounded-md border-b-4 px-2 py-1 text-center text-xs sm:text-sm ${index <= step ? 'border-teal-700 font-semibold' : 'border-stone-300 text-stone-700'}`}
          >
            {t('wizard.step', { number: index + 1, label: t(label) })}
          </li>
        ))}
      </ol>
      <Card>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-6">
          <h2 className="text-lg font-semibold">{t(STEPS[step]!)}</h2>
          {/* A disabled fieldset disables every control in it: a draft being submitted cannot change. */}
          <fieldset disabled={locked} className="contents">
            {step === 0 && <BasicsFields draft={draft} onChange={onChange} />}
            {step === 1 && <LocationPriceFields draft={draft} onChange={onChange} priceMin={1} />}
            {step === 2 && (
              <>
                <AmenityFields draft={draft} onChange={onChange} />
                <DraftPhotoFields
                  photos={record.photos}
                  onChange={(photos) => update({ photos })}
                  preparing={preparingPhotos}
                  onPreparing={setPreparingPhotos}
                />
              </>
            )}
          </fieldset>
          <div className="flex justify-between gap-2">
            <Button variant="secondary" disabled={step === 0 || locked} onClick={() => setStep(step - 1)}>
              {t('wizard.previous')}
            </Button>
            {step < STEPS.length - 1 ? (
              <Button type="submit">{t('wizard.next')}</Button>
            ) : (
              <Button type="submit" disabled={submitting || preparingPhotos}>
                {submitting
                  ? t('wizard.submitting')
                  : preparingPhotos
                    ? t('wizard.preparingPhotos')
                    : t('wizard.submit')}
              </Button>
            )}
          </div>
        </form>
      </Card>
    </>
  );
}

/** What keeps the wizard on its location and price step: a GPS address or an advance rent that does not read. */
function locationStepProblem(draft: ListingDraft): string | undefined {
  return (
    (draft.country === 'Ghana' ? digitalAddressProblem(draft.digitalAddress) : undefined) ??
    (draft.listingType === 'rent' ? advanceRentProblem(draft.advanceRentMonths) : undefined)
  );
}
