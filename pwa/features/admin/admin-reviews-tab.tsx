import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { errorText, isStatus } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Badge, Card } from '../../ui/card.tsx';
import { inputClass, TextAreaField } from '../../ui/field.tsx';
import { Pager } from '../../ui/pager.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.ts';
import type { AdminReview } from '../../../api/contract/reviews.schema.ts';
import { type ReviewsFilter, useAdminReviews, useRemoveReview } from './admin-reviews.queries.ts';
import { AccessDenied } from './admin-properties-tab.tsx';
import { decidedOn } from './agent-license-text.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import { useT } from '../../i18n/i18n.ts';
import { enAdminReviews } from '../../i18n/en-admin-reviews.ts';

const PAGE_SIZE = 20;

const VIEWS: { view: ReviewsFilter['status']; label: MessageId }[] = [
  { view: 'live', label: 'admin.reviews.viewLive' },
  { view: 'removed', label: 'admin.reviews.viewRemoved' },
  { view: 'all', label: 'admin.reviews.viewAll' },
];

/**
 * Reviews renters wrote (issue 34, docs/decisions/410), newest first, found by listing title or
 * text; an admin removes one that breaks the rules, saying which, and it leaves the rating at once.
 */
export function AdminReviewsTab() {
  const { t, tn } = useT(enAdminReviews);
  const [status, setStatus] = useState<ReviewsFilter['status']>('live');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  // One request when the admin stops typing, not one per key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(text.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  const list = useAdminReviews({ status, q, page });
  if (isStatus(list.error, 401) || isStatus(list.error, 403)) return <AccessDenied />;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / (list.data?.pageSize ?? PAGE_SIZE)));
  return (
    <div className="grid gap-4">
      <p className="text-stone-700">{t('admin.reviews.intro')}</p>
      <div className="grid gap-1">
        <label htmlFor="admin-reviews-find" className="text-sm font-medium">
          {t('admin.reviews.find')}
        </label>
        <input
          id="admin-reviews-find"
          type="search"
          className={inputClass}
          value={text}
          maxLength={100}
          placeholder={t('admin.reviews.findPlaceholder')}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div role="group" aria-label={t('admin.reviews.show')} className="flex flex-wrap gap-2">
        {VIEWS.map((item) => (
          <Button
            key={item.view}
            variant={status === item.view ? 'primary' : 'secondary'}
            aria-pressed={status === item.view}
            onClick={() => {
              setStatus(item.view);
              setPage(1);
            }}
          >
            {t(item.label)}
          </Button>
        ))}
      </div>
      <p className="text-sm text-stone-700" aria-live="polite">
        {list.data ? tn('admin.reviews.count', list.data.total) : ''}
      </p>
      {list.isPending && <Spinner />}
      {list.isError && <p role="alert">{t('admin.reviews.loadFailed')}</p>}
      <ul className="grid gap-3" aria-label={t('admin.reviews.list')}>
        {list.data?.reviews.map((review) => (
          <li key={review.id}>
            <AdminReviewRow review={review} />
          </li>
        ))}
      </ul>
      {list.data?.total === 0 && <p className="text-stone-700">{t('admin.reviews.none')}</p>}
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}

function AdminReviewRow({ review }: { review: AdminReview }) {
  const { t } = useT(enAdminReviews);
  const title = review.listingTitle ?? t('admin.reviews.deletedListing');
  const name = review.reviewerName ?? t('admin.reviews.aRenter');
  return (
    <Card className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {review.removed && <Badge tone="red">{t('admin.reviews.removedBadge')}</Badge>}
        <span className="text-amber-800" role="img" aria-label={`${review.rating} / 5`}>
          {'★'.repeat(review.rating)}
          {'☆'.repeat(5 - review.rating)}
        </span>
      </div>
      <h3 className="break-words font-semibold">
        {review.listingTitle ? (
          <Link to="/property/$id" params={{ id: review.listingId }} className="text-teal-800 underline">
            {title}
          </Link>
        ) : (
          title
        )}
      </h3>
      <p className="text-sm text-stone-700">{t('admin.reviews.by', { name, date: decidedOn(review.writtenAt) })}</p>
      <p className="whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">{review.text}</p>
      {review.answer && (
        <div className="rounded-md bg-stone-50 p-3 text-sm">
          <p className="font-medium">{t('admin.reviews.hostAnswer')}</p>
          <p className="whitespace-pre-line [overflow-wrap:anywhere]">{review.answer.text}</p>
        </div>
      )}
      {review.removed ? (
        <p className="rounded-md bg-red-50 p-3 text-sm text-red-900 [overflow-wrap:anywhere]">
          {t('admin.reviews.removedOn', { date: decidedOn(review.removed.removedAt), reason: review.removed.reason })}
        </p>
      ) : (
        <RemoveReview review={review} label={t('admin.reviews.removeOf', { name, title })} />
      )}
    </Card>
  );
}

/** Remove, then the reason (required: the renter is shown it), then remove for real. */
function RemoveReview({ review, label }: { review: AdminReview; label: string }) {
  const { t } = useT(enAdminReviews);
  const remove = useRemoveReview();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  if (!asking)
    return (
      <div>
        <Button variant="danger" onClick={() => setAsking(true)} aria-label={label}>
          {t('admin.reviews.remove')}
        </Button>
      </div>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setMissing(true);
    remove.mutate(
      { id: review.id, reason },
      {
        onSuccess: (answer) => toast({ title: t('admin.reviews.removed'), description: answer.message }),
        onError: (error) =>
          toast({
            title: t('admin.reviews.removeFailed'),
            description: errorText(error, t('admin.reviews.removeFailed')),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-2" aria-label={label} noValidate>
      <TextAreaField
        label={t('admin.reviews.reasonLabel')}
        value={reason}
        rows={2}
        maxLength={2000}
        required
        error={missing ? t('admin.reviews.reasonRequired') : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setMissing(false);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={remove.isPending}>
          {t('admin.reviews.confirmRemove')}
        </Button>
        <Button variant="ghost" onClick={() => setAsking(false)}>
          {t('admin.reviews.cancel')}
        </Button>
      </div>
    </form>
  );
}
