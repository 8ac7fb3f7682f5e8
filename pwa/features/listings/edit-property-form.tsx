import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Switch } from 'radix-ui';
import { isStatus, newIdempotencyKey } from '../../lib/api-client.ts';
import type { Property } from '../../lib/contract.ts';
import { useAuth } from '../../lib/current-user.ts';
import { useProperty } from '../../lib/queries/property.queries.ts';
import { changedFields, listingValues, takeFields, type EditableField } from './listing-edit-diff.ts';
import { listItems, removeItem } from '../../offline/outbox-store.ts';
import { isNetworkFailure, queueEdit } from './queue-edit.ts';
import { isWaitingEditOf } from './edit-coalesce.ts';
import { buttonClass, Button } from '../../ui/button.tsx';
import { Card, PageTitle } from '../../ui/card.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.ts';
import { useEditAutosave } from './use-edit-autosave.ts';
import { editFormStart, type EditFormStart } from './edit-form-start.ts';
import { formValues, takeIntoForm, type EditBase, type EditFormState } from './edit-form-state.ts';
import { AmenityFields, BasicsFields, LocationPriceFields, PhotoFields } from './listing-fields.tsx';
import { ListingChangedNotice } from './listing-changed-notice.tsx';
import { checkEdit, type ListingDraft } from './listing-form.schema.ts';
import { useUpdateProperty } from './listing-mutations.ts';
import { t, translateText, useT } from '../../i18n/i18n.ts';
import { enHost } from '../../i18n/en-host.ts';

const DENIED = "Access Denied: You don't have permission to edit this property";

/** `videos`: the listing's video uploader, given by the route (features do not import each other); shown to the owner only. */
export function EditProperty({
  id,
  fromItem,
  videos,
}: {
  id: string;
  fromItem?: string | undefined;
  videos?: ReactNode;
}) {
  useT(enHost);
  const auth = useAuth();
  const property = useProperty(id);
  const navigate = useNavigate();
  const denied =
    auth.status === 'authenticated' &&
    (property.isError || (property.data !== undefined && property.data.ownerId !== auth.user.id));

  useEffect(() => {
    if (auth.status === 'unauthenticated') void navigate({ to: '/login' });
  }, [auth.status, navigate]);
  useEffect(() => {
    if (!denied) return;
    toast({
      title: 'Access Denied',
      description: "You don't have permission to edit this property",
      variant: 'destructive',
    });
    void navigate({ to: '/dashboard' });
  }, [denied, navigate]);

  if (auth.status !== 'authenticated' || property.isPending || denied) {
    return denied ? (
      <p className="sr-only" role="alert">
        {translateText(DENIED)}
      </p>
    ) : (
      <CenteredSpinner />
    );
  }
  return (
    <>
      <EditFormLoader property={property.data!} ownerId={auth.user.id} fromItem={fromItem} />
      {videos && <div className="mx-auto max-w-3xl px-4 pb-8">{videos}</div>}
    </>
  );
}

/** Reads what the form starts from (a refused edit, the person's autosaved form, or the listing) once. */
function EditFormLoader({
  property,
  ownerId,
  fromItem,
}: {
  property: Property;
  ownerId: string;
  fromItem: string | undefined;
}) {
  const [start, setStart] = useState<EditFormStart | null>(null);
  // The copy this device had when the form opened; a newer one arriving later is the form's to compare with.
  const first = useRef(property);
  first.current = first.current.id === property.id ? first.current : property;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts again for another listing (its id), not for each newer copy of the same one (first.current).
  useEffect(() => {
    let live = true;
    setStart(null);
    void editFormStart(first.current, ownerId, fromItem).then((found) => live && setStart(found));
    return () => {
      live = false;
    };
  }, [property.id, ownerId, fromItem]);
  if (!start) return <CenteredSpinner />;
  return (
    <EditForm key={`${property.id}:${ownerId}:${fromItem ?? ''}`} property={property} ownerId={ownerId} start={start} />
  );
}

function EditForm({ property, ownerId, start }: { property: Property; ownerId: string; start: EditFormStart }) {
  useT(enHost);
  // The version the form was filled from, and its values: the save is made against it (issue 20, point 1).
  const [base, setBase] = useState<EditBase>(start.base);
  const [form, setForm] = useState<EditFormState>(start.form);
  const [saveHeld, setSaveHeld] = useState(false);
  // Photos being prepared or uploaded: a save now would leave them out.
  const [photosBusy, setPhotosBusy] = useState(false);
  const update = useUpdateProperty();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const autosave = useEditAutosave({
    ownerId,
    propertyId: property.id,
    base,
    form,
    fromItem: start.fromItem,
    restored: start.source !== 'listing',
  });

  // Newer data for the listing (a refetch, the outbox sending something): what changed there since the form was filled.
  const latest = listingValues(property);
  const newer = property.version > base.version;
  const changedElsewhere = newer ? changedFields(base.values, latest) : [];
  // Nothing differs from the newer copy: saving on top of it undoes nothing.
  const expectedVersion = newer && changedElsewhere.length === 0 ? property.version : base.version;

  const edit = (change: (old: EditFormState) => EditFormState) => {
    autosave.touched();
    setForm(change);
  };
  const onChange = (patch: Partial<ListingDraft>) => edit((old) => ({ ...old, draft: { ...old.draft, ...patch } }));
  const keepMine = (fields: EditableField[]) => {
    autosave.touched();
    setBase((old) => ({ ...old, values: takeFields(old.values, latest, fields) }));
    setSaveHeld(false);
  };
  const takeTheirs = (fields: EditableField[]) => {
    keepMine(fields);
    edit((old) => takeIntoForm(old, latest, fields));
  };

  const done = async (title: string, description: string) => {
    await autosave.clear();
    toast({ title, description });
    void navigate({ to: '/property/$id', params: { id: property.id } });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (changedElsewhere.length > 0) return setSaveHeld(true);
    const checked = checkEdit(form.draft, { isActive: form.isActive, expectedVersion });
    if (!checked.ok) {
      toast({
        title: t('wizard.validationError'),
        description: translateText(checked.message),
        variant: 'destructive',
      });
      return;
    }
    // One key per submission: the online PUT and, if its answer is lost, the outbox item send the same request under it.
    const submission = {
      id: newIdempotencyKey(),
      body: checked.body,
      baseValues: base.values,
      supersedes: start.fromItem,
    };
    // Offline (issue 6): with no connection the changes wait in the outbox instead of failing.
    const queue = async (alreadySent: boolean) => {
      try {
        await queueEdit(queryClient, property, { ...submission, alreadySent });
      } catch (error) {
        return toast({
          title: 'Failed to update property. Please try again.',
          description: error instanceof Error ? error.message : String(error),
          variant: 'destructive',
        });
      }
      await done('Saved on this device', 'Your changes will be sent when you are back online.');
    };
    // An earlier edit of this listing still waiting: this one joins it, so the two cannot refuse each other (point 2).
    const waiting = (await listItems()).some((item) => isWaitingEditOf(item, { propertyId: property.id, ownerId }));
    if (!navigator.onLine || waiting) return void queue(false);
    update.mutate(
      { id: property.id, ...checked.body, idempotencyKey: submission.id },
      {
        onSuccess: async () => {
          if (start.fromItem) await removeItem(start.fromItem);
          await done('Property updated', 'Your changes have been saved.');
        },
        onError: (error) => {
          if (isNetworkFailure(error)) return void queue(true);
          if (isStatus(error, 409)) {
            // Changed on the server since the last copy this device had: fetch it, and the form shows what changed.
            void queryClient.invalidateQueries({ queryKey: ['properties', 'detail', property.id] });
            return toast({
              title: 'This listing changed since you opened it',
              description: 'Nothing was saved. Choose what to keep, then save again.',
              variant: 'destructive',
            });
          }
          toast({ title: 'Failed to update property. Please try again.', variant: 'destructive' });
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageTitle sub={property.title}>{t('host.editTitle')}</PageTitle>
      <Card>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-6">
          {start.source !== 'listing' && (
            <p role="status" className="rounded-md bg-teal-50 p-3 text-sm">
              {start.source === 'autosave' ? t('host.autosaveBack') : t('host.refusedBack')}
            </p>
          )}
          {changedElsewhere.length > 0 && (
            <ListingChangedNotice
              fields={changedElsewhere}
              base={base.values}
              latest={latest}
              mine={formValues(form)}
              saveHeld={saveHeld}
              onKeepMine={keepMine}
              onTakeTheirs={takeTheirs}
            />
          )}
          <BasicsFields draft={form.draft} onChange={onChange} />
          <LocationPriceFields draft={form.draft} onChange={onChange} priceMin={0} />
          <AmenityFields draft={form.draft} onChange={onChange} />
          <PhotoFields
            draft={form.draft}
            onChange={onChange}
            onBusy={setPhotosBusy}
            failureTitle={t('host.uploadFailed')}
          />
          <div className="flex items-center gap-3">
            <Switch.Root
              id="is-active"
              checked={form.isActive}
              onCheckedChange={(isActive) => edit((old) => ({ ...old, isActive }))}
              className="relative h-6 w-11 rounded-full bg-stone-300 data-[state=checked]:bg-teal-700"
            >
              <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
            </Switch.Root>
            <label htmlFor="is-active" className="text-sm font-medium">
              {t('host.activeAvailable')}
            </label>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={update.isPending || photosBusy}>
              {update.isPending
                ? t('host.saving')
                : photosBusy
                  ? t('host.uploadingPhotosButton')
                  : t('host.saveChanges')}
            </Button>
            <Link
              to="/property/$id"
              params={{ id: property.id }}
              onClick={() => void autosave.clear()}
              className={buttonClass('secondary')}
            >
              {t('host.cancel')}
            </Link>
          </div>
        </form>
      </Card>
    </div>
  );
}
