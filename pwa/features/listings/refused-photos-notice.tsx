import type { RefusedPhoto } from './photo-intake.ts';

/**
 * Which picked photos were not added, and why: it stays on screen (a toast would be gone
 * before the person reaches Submit) until they pick again or close it.
 */
export function RefusedPhotosNotice({
  refused,
  added,
  onClose,
}: {
  refused: RefusedPhoto[];
  added: number;
  onClose: () => void;
}) {
  if (refused.length === 0) return null;
  const heading = refused.length === 1 ? 'This photo was not added' : `These ${refused.length} photos were not added`;
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">
        {heading}
        {added > 0 ? ` (the other ${added} ${added === 1 ? 'was' : 'were'})` : ''}:
      </p>
      <ul className="grid gap-1 pl-4 [list-style:disc]">
        {refused.map((photo, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two refused photos may share a file name; the list is drawn whole.
          <li key={`${index}:${photo.name}`}>
            <span className="font-medium [overflow-wrap:anywhere]">{photo.name}</span>: {photo.reason}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onClose}
        className="min-h-10 justify-self-start rounded-md border border-red-300 bg-white px-3 font-medium"
      >
        OK
      </button>
    </div>
  );
}
