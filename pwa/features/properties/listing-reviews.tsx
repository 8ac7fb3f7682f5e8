import { type FormEvent, useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiRequest } from '../../lib/api-client.ts';
import type { Property } from '../../lib/contract.ts';
import type { CanReview, MyReview, ListingReviews as Reviews, Review } from '../../../api/contract/reviews.schema.ts';
import { useAuth } from '../../lib/current-user.ts';
import { longDate } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { Alert, TextAreaField } from '../../ui/field.tsx';
import { RatingLine } from '../../ui/rating-line.tsx';
import { toast } from '../../ui/toast.ts';
import { translateText, useT } from '../../i18n/i18n.ts';
import { enReviews } from '../../i18n/en-reviews.ts';

// Reviews on the listing page (issue 34, ADR 410): the reviews and the host's answers, the form only
// for a renter the server says may review now (else why not, or their own review), and the host's
// one answer to each.

/** Per viewer: the answer says whether this person may review, so each person's copy is kept apart. */
const reviewsQuery = (id: string, viewerId: string | null) =>
  queryOptions({
    queryKey: ['properties', 'reviews', id, viewerId],
    queryFn: ({ signal }) => apiGet<Reviews>(`/api/properties/${encodeURIComponent(id)}/reviews`, signal),
  });

/** The server's refusal in the reader's language, else a plain "did not work". */
const refusal = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.body?.error ? translateText(error.body.error, error.body.code) : fallback;

export function ListingReviews({ property }: { property: Property }) {
  const { t } = useT(enReviews);
  const auth = useAuth();
  const reviews = useQuery({
    ...reviewsQuery(property.id, auth.user?.id ?? null),
    enabled: auth.status !== 'loading',
  });
  const isOwner = auth.status === 'authenticated' && auth.user.id === property.ownerId;
  const mine = reviews.data?.mine ?? null;
  // One's own review is shown once, in its own box above the others.
  const list = (reviews.data?.reviews ?? []).filter((review) => review.id !== mine?.id);
  return (
    <section className="grid gap-3" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="text-xl font-semibold">
        {t('reviews.title')}
      </h2>
      <RatingLine rating={property.averageRating} count={property.reviewCount} className="text-base text-stone-800" />
      {reviews.data && list.length === 0 && !(mine && !mine.removed) && (
        <p className="text-stone-700">{t('reviews.none')}</p>
      )}
      {mine && <YourReview review={mine} />}
      <ul className="grid gap-3">
        {list.map((review) => (
          <li key={review.id} className="rounded-xl border border-stone-200 bg-white p-4">
            <ReviewItem review={review} canAnswer={isOwner && review.answer === null} />
          </li>
        ))}
      </ul>
      {reviews.data && <ReviewChance canReview={reviews.data.canReview} id={property.id} />}
    </section>
  );
}

/** The form when the server says this person may review now; else, for a renter, why not yet. */
function ReviewChance({ canReview, id }: { canReview: CanReview; id: string }) {
  const { t } = useT(enReviews);
  switch (canReview.status) {
    case 'allowed':
      return <WriteReview id={id} />;
    case 'too_soon':
      return <p className="text-stone-800">{t('reviews.tooSoon', { date: longDate(canReview.from) })}</p>;
    case 'not_allowed':
      return <p className="text-sm text-stone-700">{t('reviews.rule')}</p>;
    default:
      // Signed out, one's own listing, or reviewed already (shown above): nothing to offer.
      return null;
  }
}

function YourReview({ review }: { review: MyReview }) {
  const { t } = useT(enReviews);
  return (
    <div className="grid gap-2 rounded-xl border border-teal-700 bg-teal-50 p-4">
      <h3 className="font-semibold text-teal-900">{t('reviews.yours')}</h3>
      <ReviewItem review={review} canAnswer={false} />
      {review.removed && (
        <div className="grid gap-1 rounded-lg bg-white p-3 text-sm text-stone-800 [overflow-wrap:anywhere]">
          <p>{t('reviews.removed', { date: longDate(review.removed.removedAt) })}</p>
          <p>{t('reviews.removedWhy', { reason: review.removed.reason })}</p>
        </div>
      )}
    </div>
  );
}

function ReviewItem({ review, canAnswer }: { review: Review; canAnswer: boolean }) {
  const { t, tn } = useT(enReviews);
  return (
    <article className="grid gap-1">
      <p className="font-semibold">
        <span aria-hidden="true" className="text-amber-700">
          {'★'.repeat(review.rating)}
          {'☆'.repeat(5 - review.rating)}{' '}
        </span>
        <span className="sr-only">{tn('reviews.star', review.rating)} · </span>
        {review.author}
      </p>
      <p className="text-sm text-stone-700">{longDate(review.writtenAt)}</p>
      <p className="whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">{review.text}</p>
      {review.answer && (
        <div className="mt-2 rounded-lg bg-stone-100 p-3 text-sm">
          <p className="font-semibold">{t('reviews.hostAnswer')}</p>
          <p className="whitespace-pre-line [overflow-wrap:anywhere]">{review.answer.text}</p>
        </div>
      )}
      {canAnswer && <AnswerReview id={review.id} />}
    </article>
  );
}

function WriteReview({ id }: { id: string }) {
  const { t, tn } = useT(enReviews);
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [failed, setFailed] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const post = useMutation({
    mutationFn: () =>
      apiRequest('POST', `/api/properties/${encodeURIComponent(id)}/reviews`, { body: { rating, text } }),
    onSuccess: () => {
      toast({ title: t('reviews.posted') });
      setOpen(false);
      return queryClient.invalidateQueries({ queryKey: ['properties'] });
    },
    onError: (error) => {
      setFailed(refusal(error, t('reviews.failed')));
      // Refused (reviewed from another tab, say): the listing's answer now says why, in place of the form.
      if (error instanceof ApiError) void queryClient.invalidateQueries({ queryKey: ['properties', 'reviews', id] });
    },
  });
  if (!open)
    return (
      <div className="grid gap-1">
        <Button variant="secondary" className="justify-self-start" onClick={() => setOpen(true)}>
          {t('reviews.write')}
        </Button>
        <p className="text-sm text-stone-700">{t('reviews.rule')}</p>
      </div>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailed(null);
    if (rating === 0) return setFailed(t('reviews.chooseStars'));
    post.mutate();
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4" noValidate>
      <fieldset className="grid gap-1">
        <legend className="text-sm font-medium">{t('reviews.stars')}</legend>
        <div className="flex flex-wrap gap-1">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label
              key={stars}
              className={`inline-flex min-h-10 min-w-10 cursor-pointer items-center justify-center rounded-md border text-xl has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-teal-700 ${stars <= rating ? 'border-amber-500 bg-amber-50 text-amber-700' : 'border-stone-300 text-stone-500'}`}
            >
              <input
                type="radio"
                name="rating"
                value={stars}
                checked={rating === stars}
                onChange={() => setRating(stars)}
                className="sr-only"
                aria-label={tn('reviews.star', stars)}
              />
              <span aria-hidden="true">★</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField
        label={t('reviews.text')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={4}
        maxLength={2000}
      />
      {failed && <Alert>{failed}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={post.isPending}>
          {post.isPending ? t('reviews.sending') : t('reviews.send')}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t('reviews.cancel')}
        </Button>
      </div>
    </form>
  );
}

function AnswerReview({ id }: { id: string }) {
  const { t } = useT(enReviews);
  const [answer, setAnswer] = useState('');
  const queryClient = useQueryClient();
  const post = useMutation({
    mutationFn: () => apiRequest('POST', `/api/reviews/${encodeURIComponent(id)}/answer`, { body: { answer } }),
    onSuccess: () => {
      toast({ title: t('reviews.answered') });
      return queryClient.invalidateQueries({ queryKey: ['properties', 'reviews'] });
    },
    onError: (error) => toast({ title: refusal(error, t('reviews.failed')), variant: 'destructive' }),
  });
  return (
    <form
      className="mt-2 grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (answer.trim()) post.mutate();
      }}
    >
      <TextAreaField
        label={t('reviews.answerLabel')}
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
        rows={2}
        maxLength={2000}
      />
      <Button
        type="submit"
        variant="secondary"
        className="justify-self-start"
        disabled={post.isPending || !answer.trim()}
      >
        {t('reviews.sendAnswer')}
      </Button>
    </form>
  );
}
