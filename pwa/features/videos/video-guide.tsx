import { Card } from '../../ui/card.tsx';

// The spec's video workflow (part 2 §4) in four steps, and how the files are kept safe on the
// way (docs/decisions/080).

const STEPS: { title: string; text: string }[] = [
  {
    title: 'Upload to quarantine',
    text: 'A host uploads a video (MP4, MOV or AVI, at most 100 MB). It goes to a quarantine staging area, apart from everything the site serves.',
  },
  {
    title: 'Virus scan',
    text: 'ClamAV scans the file. Clean videos wait here as "pending review". Infected ones are never served. If the scanner is unavailable or fails, the video stays in quarantine and is scanned again automatically.',
  },
  {
    title: 'Download, edit, upload the edited version',
    text: 'An admin downloads the clean original from the Pending tab, edits it, and uploads the edited version for that video. The edited version is scanned too.',
  },
  {
    title: 'The owner downloads it',
    text: "Once the edited version is clean it is published to the owner's approved area: they find it under My Videos, and on their listing's page if they uploaded it for a listing.",
  },
];

export function WorkflowGuide() {
  return (
    <Card>
      <h2 className="text-lg font-semibold">Video workflow</h2>
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
              <h3 className="font-semibold">{step.title}</h3>
              <p className="text-stone-700">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

const SAFEGUARDS: { title: string; text: string }[] = [
  {
    title: 'Quarantine',
    text: 'Every upload, original or edited, lands in quarantine storage. Nothing there is served to anyone but admins, and to admins only once the scan has found it clean.',
  },
  {
    title: 'ClamAV scan',
    text: 'Each file is scanned by ClamAV before anyone can download it. A file without a verdict is never treated as clean: it shows as "scan failed" or "scan unavailable" with the reason and the time of the next attempt.',
  },
  {
    title: 'Infected files',
    text: 'A file found infected is never downloadable, by anyone, and is deleted 30 days after the scan. The uploader is told.',
  },
  {
    title: 'Names are never trusted',
    text: "The server names every file itself and tells videos by their bytes, not by their names. The name a host's phone gave a file is only shown, never used to find or store it.",
  },
];

export function SecurityInfo() {
  return (
    <Card>
      <h2 className="text-lg font-semibold">How videos are kept safe</h2>
      <dl className="mt-4 grid gap-4">
        {SAFEGUARDS.map((item) => (
          <div key={item.title}>
            <dt className="font-semibold">{item.title}</dt>
            <dd className="text-stone-700">{item.text}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
