import { useId, useRef, useState, type ChangeEvent } from 'react';
import { errorText } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Badge, Card } from '../../ui/card.tsx';
import { toast } from '../../ui/toast.ts';
import { adminDownloadUrl, useUploadEditedVideo } from './admin-videos.queries.ts';
import { DownloadLink } from './download-link.tsx';
import { UploadProgress } from './upload-progress.tsx';
import { checkVideoFile, VIDEO_ACCEPT } from './video-file.ts';
import {
  canDownloadOriginal,
  canUploadEdited,
  formatDateTime,
  formatMegabytes,
  isInfected,
  isScanProblem,
  statusTone,
} from './video-format.ts';
import type { PendingVideo } from './videos-contract.ts';
import { useT } from '../../i18n/i18n.ts';
import { enVideos } from '../../i18n/en-videos.ts';

export const EDITED_UPLOAD_FAILED = 'Failed to upload edited video';

export function PendingVideoCard({ video }: { video: PendingVideo }) {
  const { t } = useT(enVideos);
  return (
    <Card className="grid gap-3 lg:grid-cols-[1fr_minmax(0,22rem)]">
      <div className="min-w-0">
        <Badge tone={statusTone(video.status)}>{t(`videos.status.${video.status}`)}</Badge>
        <h3 className="mt-2 break-words text-lg font-semibold">{video.originalName}</h3>
        <p className="break-all font-mono text-xs text-stone-600">{video.fileName}</p>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-stone-600">{t('videos.admin.uploadedBy')}</dt>
          <dd>{video.uploaderName}</dd>
          <dt className="text-stone-600">{t('videos.admin.listing')}</dt>
          <dd>{video.propertyTitle ?? t('videos.admin.notTied')}</dd>
          <dt className="text-stone-600">{t('videos.admin.uploaded')}</dt>
          <dd>{formatDateTime(video.uploadedAt)}</dd>
          <dt className="text-stone-600">{t('videos.size')}</dt>
          <dd>{formatMegabytes(video.fileSize)}</dd>
          {isScanProblem(video.status) && (
            <>
              <dt className="text-stone-600">{t('videos.admin.whyWaits')}</dt>
              <dd>{video.lastScanError ?? t('videos.admin.notGiven')}</dd>
              <dt className="text-stone-600">{t('videos.admin.nextAttempt')}</dt>
              <dd>{video.nextScanAt ? formatDateTime(video.nextScanAt) : t('videos.admin.notScheduled')}</dd>
            </>
          )}
        </dl>
        {isInfected(video.status) && <InfectedNotice video={video} />}
      </div>
      <div className="grid content-start gap-3">
        {canDownloadOriginal(video.status) && (
          <DownloadLink
            href={adminDownloadUrl(video)}
            fileName={video.fileName}
            label={t('videos.admin.downloadOriginal')}
            describes={video.originalName}
          />
        )}
        {canUploadEdited(video.status) && <EditedUpload video={video} />}
      </div>
    </Card>
  );
}

function InfectedNotice({ video }: { video: PendingVideo }) {
  const signature = video.infectedSignature ? ` (${video.infectedSignature})` : '';
  const { t } = useT(enVideos);
  return (
    <p role="note" className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {video.status === 'infected'
        ? t('videos.admin.infectedOriginal', { signature })
        : t('videos.admin.infectedEdited', { signature })}
    </p>
  );
}

function EditedUpload({ video }: { video: PendingVideo }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const upload = useUploadEditedVideo();
  const { t } = useT(enVideos);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setProblem(null);
    setFile(null);
    if (!chosen) return;
    const check = await checkVideoFile(chosen);
    if (!check.ok) {
      event.target.value = '';
      return setProblem(check.message);
    }
    setFile(chosen);
  };

  const send = () => {
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setProblem(null);
    setProgress({ sent: 0, total: file.size });
    upload.mutate(
      { video, file, signal: controller.signal, onProgress: (sent, total) => setProgress({ sent, total }) },
      {
        onSuccess: (answer) => {
          toast({ title: t('videos.admin.editedUploaded'), description: answer.message });
          setFile(null);
          if (input.current) input.current.value = '';
        },
        onError: (error) => {
          if (controller.signal.aborted) return;
          const description = errorText(
            error,
            error instanceof TypeError ? t('videos.checkConnection') : t('videos.admin.pleaseTryAgain'),
          );
          setProblem(description);
          toast({ title: t('videos.admin.uploadFailed'), description, variant: 'destructive' });
        },
        onSettled: () => {
          setProgress(null);
          abort.current = null;
        },
      },
    );
  };

  return (
    <div className="grid gap-2 rounded-md border border-stone-200 p-3">
      <label htmlFor={inputId} className="text-sm font-medium">
        {t('videos.admin.editedOf', { name: video.originalName })}
      </label>
      <input
        id={inputId}
        ref={input}
        type="file"
        accept={VIDEO_ACCEPT}
        disabled={upload.isPending}
        onChange={(event) => void pick(event)}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-stone-700 file:px-3 file:py-1.5 file:text-white"
      />
      {progress && (
        <UploadProgress
          label={t('videos.admin.uploadingEdited', { name: video.originalName })}
          sent={progress.sent}
          total={progress.total}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Button disabled={!file || upload.isPending} onClick={send}>
          {upload.isPending ? t('videos.uploading') : t('videos.admin.uploadEdited')}
        </Button>
        {upload.isPending && (
          <Button variant="ghost" onClick={() => abort.current?.abort()}>
            {t('videos.admin.cancel')}
          </Button>
        )}
      </div>
      {problem && (
        <div role="alert" className="text-sm text-red-700">
          <p className="font-semibold">{t('videos.admin.editedUploadFailed')}</p>
          <p>{problem}</p>
        </div>
      )}
      {file && !upload.isPending && (
        <p className="text-xs text-stone-600">
          {file.name}, {formatMegabytes(file.size)}
        </p>
      )}
    </div>
  );
}
