import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Tabs } from 'radix-ui';
import { isStatus } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/current-user.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Card, PageTitle } from '../../ui/card.tsx';
import { Pager } from '../../ui/pager.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';
import { tabTriggerClass } from '../../ui/tabs.tsx';
import { usePendingVideos } from './admin-videos.queries.ts';
import { PendingVideoCard } from './pending-video-card.tsx';
import { SecurityInfo, WorkflowGuide } from './video-guide.tsx';
import { videosWaitingText } from './videos-waiting.tsx';
import { useT } from '../../i18n/i18n.ts';
import { enVideos } from '../../i18n/en-videos.ts';

/** /admin/video-management: Pending, Workflow Guide, Security Info (spec part 2 §2). The isAdmin check is the client's, as the spec says; the server refuses non-admins anyway. */
export function AdminVideoManagement() {
  const auth = useAuth();
  const isAdmin = auth.status === 'authenticated' && auth.user.isAdmin;
  const [page, setPage] = useState(1);
  const pending = usePendingVideos(isAdmin, page);
  const { t } = useT(enVideos);
  if (auth.status === 'loading') return <CenteredSpinner />;
  const denied = !isAdmin || isStatus(pending.error, 401) || isStatus(pending.error, 403);
  const total = pending.data?.total;
  const pages = Math.max(1, Math.ceil((total ?? 0) / (pending.data?.pageSize ?? 20)));
  // The last page emptied (videos reviewed meanwhile): go back to the last page that has any.
  if (pending.data && page > pages) setPage(pages);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageTitle sub={t('videos.admin.sub')}>{t('videos.admin.title')}</PageTitle>
      {denied ? (
        <AdminAccessRequired />
      ) : (
        <Tabs.Root defaultValue="pending">
          <Tabs.List
            aria-label={t('videos.admin.tabs')}
            className="mb-6 flex max-w-xl flex-wrap gap-1 rounded-lg bg-stone-100 p-1"
          >
            <Tabs.Trigger value="pending" className={tabTriggerClass}>
              {t('videos.admin.pendingTab', { count: total ?? '…' })}
            </Tabs.Trigger>
            <Tabs.Trigger value="guide" className={tabTriggerClass}>
              {t('videos.admin.guideTab')}
            </Tabs.Trigger>
            <Tabs.Trigger value="security" className={tabTriggerClass}>
              {t('videos.admin.securityTab')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="pending" className="grid gap-3">
            <p className="text-sm text-stone-700" aria-live="polite">
              {pending.data
                ? pages > 1
                  ? t('videos.admin.pendingSummaryPages', {
                      waiting: videosWaitingText(pending.data.total),
                      page,
                      pages,
                    })
                  : t('videos.admin.pendingSummary', { waiting: videosWaitingText(pending.data.total) })
                : t('videos.admin.loading')}
            </p>
            {pending.isPending && <CenteredSpinner />}
            {pending.isError && <p role="alert">{t('videos.admin.loadFailed')}</p>}
            {pending.data && pending.data.videos.length === 0 && (
              <Card className="text-center">
                <p className="text-stone-700">{t('videos.admin.noneWaiting')}</p>
              </Card>
            )}
            <ul className="grid gap-3">
              {pending.data?.videos.map((video) => (
                <li key={video.videoId}>
                  <PendingVideoCard video={video} />
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pages={pages}
              onPage={(next) => {
                setPage(next);
                window.scrollTo({ top: 0 });
              }}
            />
          </Tabs.Content>
          <Tabs.Content value="guide">
            <WorkflowGuide />
          </Tabs.Content>
          <Tabs.Content value="security">
            <SecurityInfo />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}

function AdminAccessRequired() {
  const { t } = useT(enVideos);
  return (
    <Card className="mx-auto max-w-md text-center">
      <h2 className="text-xl font-bold">{t('videos.admin.accessRequired')}</h2>
      <p className="mt-2 text-stone-700">{t('videos.admin.accessText')}</p>
      <Link to="/dashboard" className={buttonClass('primary', 'mt-4')}>
        {t('videos.admin.backToDashboard')}
      </Link>
    </Card>
  );
}
