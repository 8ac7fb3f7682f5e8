import { useId, useState } from 'react';
import { FIELD_LABELS, type EditableField, type EditValues, type ListingValues } from './listing-edit-diff.ts';
import { fieldValueText } from './field-value-text.ts';
import { translateText, useT } from '../../i18n/i18n.ts';
import { enHost } from '../../i18n/en-host.ts';

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
  const { t, tn } = useT(enHost);
  const button = 'rounded-md border border-stone-300 bg-white px-3 py-1 text-sm';
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm"
    >
      <h2 id={headingId} className="font-semibold">
        {translateText(TITLE)}
      </h2>
      <p>{tn('edit.someoneChanged', fields.length)}</p>
      {saveHeld && (
        <p role="alert" className="font-medium text-red-800">
          {t('edit.chooseFirst')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className={button}>
          {t('edit.seeDifferences')}
        </button>
        <button type="button" onClick={() => onKeepMine(fields)} className={button}>
          {t('edit.keepAllMine')}
        </button>
        <button type="button" onClick={() => onTakeTheirs(fields)} className={button}>
          {t('edit.takeAllTheirs')}
        </button>
      </div>
      {open && (
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">{t('edit.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('edit.field')}</th>
              <th scope="col">{t('edit.whenOpened')}</th>
              <th scope="col">{t('edit.now')}</th>
              <th scope="col">{t('edit.yours')}</th>
              <th scope="col">
                <span className="sr-only">{t('edit.choice')}</span>
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
                    aria-label={t('edit.keepMineOf', { field: FIELD_LABELS[field] })}
                    onClick={() => onKeepMine([field])}
                    className={button}
                  >
                    {t('edit.keepMine')}
                  </button>
                  <button
                    type="button"
                    aria-label={t('edit.takeTheirsOf', { field: FIELD_LABELS[field] })}
                    onClick={() => onTakeTheirs([field])}
                    className={button}
                  >
                    {t('edit.takeTheirs')}
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
