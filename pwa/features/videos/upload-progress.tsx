import { percentOf, progressText } from './video-format.ts';

/** A progress bar screen readers can read: the percent as its value, the megabytes as its text. */
export function UploadProgress({
  label,
  sent,
  total,
  tone = 'active',
}: {
  label: string;
  sent: number;
  total: number;
  tone?: 'active' | 'held';
}) {
  const percent = percentOf(sent, total);
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%, ${progressText(sent, total)}`}
        className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={`h-full rounded-full transition-[width] ${tone === 'active' ? 'bg-teal-700' : 'bg-stone-500'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="flex justify-between text-sm text-stone-700" aria-hidden="true">
        <span>{percent}%</span>
        <span>{progressText(sent, total)}</span>
      </p>
    </div>
  );
}
