import { useId } from 'react';
import type { DailyVisits } from './analytics-contract.ts';
import { busiestDay, count, niceMax, shortDay } from './analytics-format.ts';
import { t, useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

// Hand-drawn SVG rather than a charting library: one chart does not justify 50+ KB in the admin chunk.
// Page views as bars and unique visitors as a line on one scale (visitors never exceed views).
const SLOT = 10;
const HEIGHT = 100;

function summary(days: DailyVisits[]): string {
  if (days.length === 0) return t('admin.analytics.noDays');
  const views = days.reduce((sum, day) => sum + day.pageViews, 0);
  const most = busiestDay(days, (day) => day.pageViews);
  const range = t('admin.analytics.range', { from: shortDay(days[0]!.date), to: shortDay(days.at(-1)!.date) });
  if (!most) return t('admin.analytics.noViewsFrom', { range });
  const mostVisitors = busiestDay(days, (day) => day.visitors);
  const figures = { views: count(views), range, day: shortDay(most.date), most: count(most.value) };
  return mostVisitors
    ? t('admin.analytics.summary', {
        ...figures,
        visitors: count(mostVisitors.value),
        visitorsDay: shortDay(mostVisitors.date),
      })
    : t('admin.analytics.summaryNoVisitors', figures);
}

/** Visitors and page views per day, with a text description and the same figures as a table. */
export function DailyVisitsChart({ days }: { days: DailyVisits[] }) {
  const titleId = useId();
  const descId = useId();
  const { t } = useT(enAdmin);
  const top = niceMax(Math.max(0, ...days.map((day) => day.pageViews)));
  const y = (value: number) => HEIGHT - (value / top) * HEIGHT;
  const width = Math.max(1, days.length) * SLOT;
  const line = days.map((day, index) => `${index * SLOT + SLOT / 2},${y(day.visitors)}`).join(' ');
  return (
    <figure className="grid gap-2">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {t('admin.analytics.perDay')}
        </h3>
        <span className="flex gap-4 text-sm text-stone-700" aria-hidden="true">
          <span className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm bg-teal-600" />
            {t('admin.analytics.pageViews')}
          </span>
          <span className="flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-4 bg-stone-900" />
            {t('admin.analytics.uniqueVisitors')}
          </span>
        </span>
      </figcaption>
      <p id={descId} className="text-sm text-stone-700">
        {summary(days)}
      </p>
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <div className="flex h-40 flex-col justify-between text-right text-xs text-stone-700" aria-hidden="true">
          <span>{count(top)}</span>
          <span>{Number.isInteger(top / 2) ? count(top / 2) : ''}</span>
          <span>0</span>
        </div>
        {/* biome-ignore lint/a11y/noSvgWithoutTitle: named by aria-labelledby (the heading) and described by aria-describedby, as role=img allows. */}
        <svg
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full border-b border-l border-stone-300"
        >
          {[HEIGHT / 4, HEIGHT / 2, (HEIGHT * 3) / 4].map((at) => (
            <line
              key={at}
              x1={0}
              x2={width}
              y1={at}
              y2={at}
              className="stroke-stone-200"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((day, index) => (
            <rect
              key={day.date}
              x={index * SLOT + 1}
              width={SLOT - 2}
              y={y(day.pageViews)}
              height={HEIGHT - y(day.pageViews)}
              className="fill-teal-600"
            />
          ))}
          {days.length > 1 && (
            <polyline
              points={line}
              fill="none"
              className="stroke-stone-900"
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
            />
          )}
          {days.length === 1 && <circle cx={SLOT / 2} cy={y(days[0]!.visitors)} r={2} className="fill-stone-900" />}
        </svg>
        <span />
        <div className="flex justify-between text-xs text-stone-700" aria-hidden="true">
          <span>{days[0] ? shortDay(days[0].date) : ''}</span>
          <span>{days.at(-1) ? shortDay(days.at(-1)!.date) : ''}</span>
        </div>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-teal-800">{t('admin.analytics.showTable')}</summary>
        <div
          className="mt-2 max-h-72 overflow-y-auto"
          tabIndex={0}
          role="region"
          aria-label={t('admin.analytics.perDayTable')}
        >
          <table className="w-full text-left">
            <thead className="sticky top-0 bg-white">
              <tr>
                <th scope="col" className="py-1 pr-4">
                  {t('admin.analytics.dayUtc')}
                </th>
                <th scope="col" className="py-1 pr-4 text-right">
                  {t('admin.analytics.uniqueVisitors')}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t('admin.analytics.pageViews')}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date} className="border-t border-stone-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {shortDay(day.date)}
                  </th>
                  <td className="py-1 pr-4 text-right tabular-nums">{count(day.visitors)}</td>
                  <td className="py-1 text-right tabular-nums">{count(day.pageViews)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
