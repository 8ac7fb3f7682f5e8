import { useEffect, useId, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../lib/current-user.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { UploadProgress } from './upload-progress.tsx';
import { UPLOAD_FAILED } from './upload-failure.ts';
import { discardUnfinished, unfinishedUploads, type UnfinishedUpload } from './unfinished-uploads.ts';
import { VIDEO_ACCEPT } from './video-file.ts';
import { formatMegabytes } from './video-format.ts';
import {
  cancelUpload,
  clearUpload,
  pauseUpload,
  resumeUpload,
  retryUpload,
  slotKey,
  startUpload,
  subscribeToUpload,
  uploadStateOf,
  type UploadState,
  type UploadTarget,
} from './video-upload-store.ts';
import { t, translateText, useT } from '../../i18n/i18n.ts';
import { enVideos } from '../../i18n/en-videos.ts';

export const UPLOADED_MESSAGE =
  'Uploaded. We are checking it for viruses; an admin will prepare it and you will find it under My Videos.';
export const CONNECTION_LOST = 'Connection lost — will resume';

/** Picks a video, checks it, and uploads it resumably; `propertyId` attaches it to one of the host's listings. */
export function VideoUploader({ propertyId }: { propertyId?: string | undefined }) {
  const auth = useAuth();
  if (auth.status !== 'authenticated') return null;
  return <Uploader target={{ userId: auth.user.id, propertyId }} />;
}

function Uploader({ target }: { target: UploadTarget }) {
  const key = slotKey(target);
  const state = useSyncExternalStore(
    (listener) => subscribeToUpload(key, listener),
    () => uploadStateOf(key),
    () => uploadStateOf(key),
  );
  const [unfinished, setUnfinished] = useState<UnfinishedUpload[]>([]);
  // Read again whenever the uploader is back to choosing a file (a finished upload forgets its entry).
  useEffect(() => {
    if (state.phase === 'idle') setUnfinished(unfinishedUploads(key));
  }, [key, state.phase]);
  const inputId = useId();
  useT(enVideos);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void startUpload(target, file);
  };

  return (
    <div className="grid gap-3">
      {state.phase === 'idle' && (
        <>
          <label htmlFor={inputId} className="text-sm font-medium">
            {t('videos.fileLabel')}
          </label>
          <input
            id={inputId}
            type="file"
            accept={VIDEO_ACCEPT}
            onChange={pick}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-teal-700 file:px-4 file:py-2 file:text-white"
          />
          {unfinished.map((item) => (
            <div
              key={item.storageKey}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900"
            >
              <p>{t('videos.unfinished', { name: item.name, size: formatMegabytes(item.size) })}</p>
              <Button
                variant="secondary"
                onClick={() => void discardUnfinished(item).then(() => setUnfinished(unfinishedUploads(key)))}
              >
                {t('videos.discard')}
              </Button>
            </div>
          ))}
        </>
      )}
      <Progress state={state} uploadKey={key} target={target} />
    </div>
  );
}

function Progress({ state, uploadKey, target }: { state: UploadState; uploadKey: string; target: UploadTarget }) {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'checking':
      return <Spinner label={t('videos.checking', { name: state.name })} />;
    case 'uploading':
    case 'waiting':
    case 'paused': {
      const status =
        state.phase === 'uploading'
          ? t('videos.uploading')
          : state.phase === 'waiting'
            ? translateText(CONNECTION_LOST)
            : t('videos.paused');
      return (
        <div className="grid gap-2">
          <p className="truncate font-medium">{state.name}</p>
          <UploadProgress
            label={t('videos.uploadingName', { name: state.name })}
            sent={state.sent}
            total={state.total}
            tone={state.phase === 'uploading' ? 'active' : 'held'}
          />
          <p
            role="status"
            className={state.phase === 'waiting' ? 'text-sm font-medium text-amber-800' : 'text-sm text-stone-700'}
          >
            {status}
          </p>
          <div className="flex flex-wrap gap-2">
            {state.phase === 'paused' ? (
              <Button onClick={() => resumeUpload(uploadKey)}>{t('videos.resume')}</Button>
            ) : (
              <Button variant="secondary" onClick={() => void pauseUpload(uploadKey)}>
                {t('videos.pause')}
              </Button>
            )}
            <ConfirmDialog
              title={t('videos.stopTitle')}
              description={t('videos.stopText')}
              confirmLabel={t('videos.stopConfirm')}
              trigger={<Button variant="ghost">{t('videos.cancelUpload')}</Button>}
              onConfirm={() => void cancelUpload(uploadKey)}
            />
          </div>
        </div>
      );
    }
    case 'done':
      return (
        <div
          role="status"
          className="grid gap-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900"
        >
          <p>
            <span className="font-medium">{state.name}</span>: {translateText(UPLOADED_MESSAGE)}
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to="/user/videos" className={buttonClass('secondary')}>
              {t('videos.myVideos')}
            </Link>
            <Button variant="secondary" onClick={() => clearUpload(uploadKey)}>
              {t('videos.uploadAnother')}
            </Button>
          </div>
        </div>
      );
    case 'failed':
      return (
        <div role="alert" className="grid gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{translateText(UPLOAD_FAILED)}</p>
          <p>
            <span className="font-medium">{state.name}</span>: {translateText(state.message)}
          </p>
          <div className="flex flex-wrap gap-2">
            {state.canRetry && <Button onClick={() => retryUpload(target)}>{t('videos.tryAgain')}</Button>}
            <Button variant="secondary" onClick={() => clearUpload(uploadKey)}>
              {t('videos.chooseAnother')}
            </Button>
          </div>
        </div>
      );
  }
}
