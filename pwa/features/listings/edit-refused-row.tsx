import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { newIdempotencyKey } from '../../lib/api-client.ts';
import type { Property } from '../../lib/contract.ts';
import { propertyQuery } from '../../lib/queries/property.queries.ts';
import { fieldValueText } from './field-value-text.ts';
import {
  changedFields,
  editValues,
  FIELD_LABELS,
  listingValues,
  reapplyEdit,
  sameValue,
  type EditableField,
} from './listing-edit-diff.ts';
import { retryItem } from '../../offline/outbox-runtime.ts';
import { removeItem } from '../../offline/outbox-store.ts';
import type { EditListingItem } from './listing-outbox-items.ts';
import { queueEdit } from './queue-edit.ts';

// Point 3 of issue 20: a queued listing edit the server refused. What the person typed stays
// in the item until they choose: send it again on top of the listing as it is now, open it
// in the form, or discard it (two taps). A 409 shows their values beside the server's.

const button = 'rounded-md border border-stone-300 px-3 py-1';

/** The fields to compare: those the person changed from what they saw (all of the edit's when that is not known). */
function fieldsToCompare(item: EditListingItem, now: Property): EditableField[] {
  const mine = editValues(item.body);
  const changedByThem = item.baseValues ? changedFields(item.baseValues, mine) : (Object.keys(mine) as EditableField[]);
  return changedByThem.filter((field) => !sameValue(field, mine[field], now[field]));
}

export function EditRefusedRow({ item }: { item: EditListingItem }) {
  const queryClient = useQueryClient();
  const conflict = item.httpStatus === 409;
  // The listing as the server has it now (edit-refusals.ts has already put it in the cache).
  const now = useQuery({ ...propertyQuery(item.propertyId), enabled: conflict });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const mine = editValues(item.body);

  const sendMineOnNewVersion = async (server: Property) => {
    setBusy(true);
    try {
      await queueEdit(queryClient, server, {
        id: newIdempotencyKey(),
        body: reapplyEdit(item.body, item.baseValues, server),
        baseValues: listingValues(server),
        supersedes: item.id,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p role="alert" className="text-red-800">
        Not sent:{' '}
        {conflict
          ? 'this listing was changed elsewhere after you made these changes.'
          : (item.error ?? 'the server refused it.')}
      </p>
      {conflict && now.data && (
        <table aria-label="Your changes and the listing now" className="mt-2 w-full border-collapse text-left">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Yours</th>
              <th scope="col">Now</th>
            </tr>
          </thead>
          <tbody>
            {fieldsToCompare(item, now.data).map((field) => (
              <tr key={field} className="border-t border-stone-200 align-top">
                <th scope="row" className="py-1 pr-2">
                  {FIELD_LABELS[field]}
                </th>
                <td className="py-1 pr-2">{fieldValueText(field, mine[field])}</td>
                <td className="py-1 pr-2">{fieldValueText(field, now.data[field])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {conflict && now.isError && (
        <p className="text-stone-700">The listing as it is now could not be loaded; your changes are kept.</p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {conflict ? (
          now.data && (
            <button
              type="button"
              disabled={busy}
              onClick={() => void sendMineOnNewVersion(now.data)}
              className={button}
            >
              Send mine on the new version
            </button>
          )
        ) : (
          <button type="button" onClick={() => void retryItem(item)} className={button}>
            Try again
          </button>
        )}
        <Link to="/property/$id/edit" params={{ id: item.propertyId }} search={{ item: item.id }} className={button}>
          Edit my changes
        </Link>
        {confirming ? (
          <>
            <button
              type="button"
              onClick={() => void removeItem(item.id)}
              className="rounded-md border border-red-300 px-3 py-1 text-red-800"
            >
              Yes, discard them
            </button>
            <button type="button" onClick={() => setConfirming(false)} className={button}>
              Keep them
            </button>
          </>
        ) : (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className="rounded-md border border-red-300 px-3 py-1 text-red-800"
          >
            Discard my changes
          </button>
        )}
      </div>
    </>
  );
}
