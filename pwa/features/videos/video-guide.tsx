import { Card } from '../../ui/card.tsx';
import type { MessageId } from '../../i18n/catalog.ts';
import { useT } from '../../i18n/i18n.ts';
import { enVideos } from '../../i18n/en-videos.ts';

// The spec's video workflow (part 2 §4) in four steps, and how the files are kept safe on the
// way (docs/decisions/080).

const STEPS: { title: MessageId; text: MessageId }[] = [1, 2, 3, 4].map((step) => ({
  title: `videos.guide.step${step}.title` as MessageId,
  text: `videos.guide.step${step}.text` as MessageId,
}));

export function WorkflowGuide() {
  const { t } = useT(enVideos);
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('videos.guide.heading')}</h2>
      <ol className="mt-4 grid gap-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="grid grid-cols-[2rem_1fr] gap-3">
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-full bg-teal-700 font-semibold text-white"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold">{t(step.title)}</h3>
              <p className="text-stone-700">{t(step.text)}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

const SAFEGUARDS: { title: MessageId; text: MessageId }[] = ['quarantine', 'clamav', 'infected', 'names'].map(
  (item) => ({ title: `videos.safe.${item}.title` as MessageId, text: `videos.safe.${item}.text` as MessageId }),
);

export function SecurityInfo() {
  const { t } = useT(enVideos);
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('videos.safe.heading')}</h2>
      <dl className="mt-4 grid gap-4">
        {SAFEGUARDS.map((item) => (
          <div key={item.title}>
            <dt className="font-semibold">{t(item.title)}</dt>
            <dd className="text-stone-700">{t(item.text)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
