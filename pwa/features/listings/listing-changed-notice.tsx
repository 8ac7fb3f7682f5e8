import { useId, useState } from 'react';
import { FIELD_LABELS, type EditableField, type EditValues, type ListingValues } from './listing-edit-diff.ts';
import { fieldValueText } from './field-value-text.ts';

// Point 1 of issue 20: newer data for the listing arrived while its edit form was open. The
// person sees which fields changed, and for each keeps theirs or takes the newer value. Until
// every one is decided, saving is held back (it would undo a change they have not seen).

type Props = {
  /** Fields the newer copy changed since the form was filled. */
  fields: EditableField[];
  base: ListingValues;
  latest: ListingValues;
  mine: EditValues;
  /** Saving was tried before choosing: say why nothing was sent. */
  saveHeld: boolean;
  onKeepMine: (fields: EditableField[]) => void;
  onTakeTheirs: (fields: EditableField[]) => void;
};

const TITLE = 'This listing changed since you opened it';

export function ListingChangedNotice({ fields, base, latest, mine, saveHeld, onKeepMine, onTakeTheirs }: Props) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const button = 'rounded-md border border-stone-300 bg-white px-3 py-1 text-sm';
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm"
    >
      <h2 id={headingId} className="font-semibold">
        {TITLE}
      </h2>
      <p>
        Someone (you on another device, or an admin) changed{' '}
        {fields.length === 1 ? 'one field' : `${fields.length} fields`} of it. Your form still shows what you had.
        Choose what to keep before saving.
      </p>
      {saveHeld && (
        <p role="alert" className="font-medium text-red-800">
          Choose what to keep for each change first: nothing was sent.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className={button}>
          See the differences
        </button>
        <button type="button" onClick={() => onKeepMine(fields)} className={button}>
          Keep all mine
        </button>
        <button type="button" onClick={() => onTakeTheirs(fields)} className={button}>
          Take all theirs
        </button>
      </div>
      {open && (
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Fields changed since you opened the form</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">When you opened it</th>
              <th scope="col">Now</th>
              <th scope="col">Yours</th>
              <th scope="col">
                <span className="sr-only">Choice</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field} className="border-t border-amber-200 align-top">
                <th scope="row" className="py-1 pr-2">
                  {FIELD_LABELS[field]}
                </th>
                <td className="py-1 pr-2">{fieldValueText(field, base[field])}</td>
                <td className="py-1 pr-2">{fieldValueText(field, latest[field])}</td>
                <td className="py-1 pr-2">{fieldValueText(field, mine[field])}</td>
                <td className="flex flex-wrap gap-1 py-1">
                  <button
                    type="button"
                    aria-label={`Keep mine: ${FIELD_LABELS[field]}`}
                    onClick={() => onKeepMine([field])}
                    className={button}
                  >
                    Keep mine
                  </button>
                  <button
                    type="button"
                    aria-label={`Take theirs: ${FIELD_LABELS[field]}`}
                    onClick={() => onTakeTheirs([field])}
                    className={button}
                  >
                    Take theirs
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
