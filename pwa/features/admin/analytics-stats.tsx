import { useId } from 'react';
import { count } from './analytics-format.ts';
import { useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

type Stat = { label: string; value: string; hint?: string };

/** Figures as a description list: read out as label then value, laid out as tiles. */
export function StatList({ stats }: { stats: Stat[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
      {stats.map((stat) => (
        <div key={stat.label} className="rounded-lg border border-stone-200 p-3">
          <dt className="text-sm text-stone-700">{stat.label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{stat.value}</dd>
          {stat.hint && <dd className="text-xs text-stone-600">{stat.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}

/** One of the "top" lists: a two-column table, or a line saying there is nothing yet. */
export function TopList({
  title,
  column,
  unit,
  rows,
}: {
  title: string;
  column: string;
  unit: string;
  rows: { label: string; value: number }[];
}) {
  const headingId = useId();
  const { t } = useT(enAdmin);
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">{t('admin.analytics.nothingRecorded')}</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm" aria-labelledby={headingId}>
          <thead className="sr-only">
            <tr>
              <th scope="col">{column}</th>
              <th scope="col">{unit}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a ranked list drawn whole; two rows may share a label.
              <tr key={`${index}:${row.label}`} className="border-t border-stone-100">
                <td className="break-all py-1.5 pr-3">{row.label}</td>
                <td className="py-1.5 text-right tabular-nums">{count(row.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
