import type { SqlClient } from '../../events/store/sql.ts';
import type {
  BlockedState,
  ConversationMessage,
  ConversationSummary,
  InboxQuery,
} from '../contract/conversations.schema.ts';

type SummaryRow = {
  id: string;
  listing_id: string;
  host_id: string;
  renter_id: string;
  started_at: Date;
  last_message_at: Date;
  last_message_text: string;
  last_sender_id: string | null;
  host_unread: number;
  renter_unread: number;
  blocked_by: string | null;
  reported_by_me: boolean;
  title: string | null;
  image: string | null;
  other_id: string;
  other_name: string;
};

/** A person as the other side of a thread sees them: their business, else their first name. */
export const NAME_OF = (u: string) =>
  `coalesce(nullif(trim(${u}.business_name), ''), nullif(trim(${u}.first_name), ''), 'Efie member')`;

const SUMMARY_SELECT = `select c.id, c.listing_id, c.host_id, c.renter_id, c.started_at, c.last_message_at,
    c.last_message_text, c.last_sender_id, c.host_unread, c.renter_unread, c.blocked_by,
    p.title, p.images[1] as image, o.id as other_id, ${NAME_OF('o')} as other_name,
    exists (select 1 from conversation_reports r
      where r.conversation_id = c.id and r.reporter_id = $1 and r.status = 'open') as reported_by_me
  from conversations c
  left join properties p on p.id = c.listing_id
  join users o on o.id = (case when c.host_id = $1 then c.renter_id else c.host_id end)`;

function toSummary(row: SummaryRow, readerId: string): ConversationSummary {
  const role = row.host_id === readerId ? 'host' : 'renter';
  const blocked: BlockedState = row.blocked_by === null ? 'none' : row.blocked_by === readerId ? 'by_me' : 'by_them';
  return {
    id: row.id,
    role,
    listing: { id: row.listing_id, title: row.title ?? 'A listing no longer on Efie', image: row.image },
    otherParty: { id: row.other_id, name: row.other_name },
    lastMessage: {
      text: row.last_message_text,
      sentAt: new Date(row.last_message_at).toISOString(),
      fromMe: row.last_sender_id === readerId,
    },
    unread: role === 'host' ? row.host_unread : row.renter_unread,
    blocked,
    reportedByMe: row.reported_by_me,
    startedAt: new Date(row.started_at).toISOString(),
  };
}

/**
 * The reader's threads as host and as renter, newest message first. Each side is read by its own
 * index (host_id or renter_id, last_message_at) and merged, so a host with 10,000 threads reads a
 * page, not all of them.
 */
export async function listInbox(db: SqlClient, readerId: string, { page, limit }: InboxQuery) {
  const offset = (page - 1) * limit;
  const rows = await db.query<SummaryRow>(
    `${SUMMARY_SELECT}
     where c.id in (
       select id from (
         (select id, last_message_at from conversations where host_id = $1 order by last_message_at desc, id desc limit $2)
         union all
         (select id, last_message_at from conversations where renter_id = $1 order by last_message_at desc, id desc limit $2)
       ) mine order by last_message_at desc, id desc limit $3 offset $4
     )
     order by c.last_message_at desc, c.id desc`,
    [readerId, offset + limit, limit, offset],
  );
  const [counts] = await db.query<{ total: number; unread: number }>(
    `select (select count(*) from conversations where host_id = $1)::int
          + (select count(*) from conversations where renter_id = $1)::int as total,
       ${UNREAD_SQL} as unread`,
    [readerId],
  );
  return {
    conversations: rows.map((row) => toSummary(row, readerId)),
    total: counts?.total ?? 0,
    unread: counts?.unread ?? 0,
  };
}

const UNREAD_SQL = `(select coalesce(sum(host_unread), 0) from conversations where host_id = $1 and host_unread > 0)::int
  + (select coalesce(sum(renter_unread), 0) from conversations where renter_id = $1 and renter_unread > 0)::int`;

/** Every message the reader has not read, in all their threads: the header's and dashboards' badge. */
export async function unreadCount(db: SqlClient, readerId: string): Promise<number> {
  const [row] = await db.query<{ unread: number }>(`select ${UNREAD_SQL} as unread`, [readerId]);
  return row?.unread ?? 0;
}

/** A thread the reader takes part in, or undefined (it does not exist for anyone else). */
export async function findConversation(
  db: SqlClient,
  conversationId: string,
  readerId: string,
): Promise<ConversationSummary | undefined> {
  const [row] = await db.query<SummaryRow>(`${SUMMARY_SELECT} where c.id = $2 and $1 in (c.host_id, c.renter_id)`, [
    readerId,
    conversationId,
  ]);
  return row ? toSummary(row, readerId) : undefined;
}

/** The thread's newest messages, oldest first: the whole of any real thread. */
export const THREAD_MESSAGES_MAX = 500;

/** A thread's newest messages as stored, oldest first; for its participants and, once reported, the admins. */
export function newestMessages(db: SqlClient, conversationId: string) {
  return db.query<{ id: string; seq: number; sender_id: string; text: string; sent_at: Date }>(
    `select * from (select id, seq, sender_id, text, sent_at from conversation_messages
       where conversation_id = $1 order by seq desc limit ${THREAD_MESSAGES_MAX}) newest order by seq`,
    [conversationId],
  );
}

export async function threadMessages(
  db: SqlClient,
  conversationId: string,
  readerId: string,
): Promise<ConversationMessage[]> {
  const rows = await newestMessages(db, conversationId);
  return rows.map((r) => ({
    id: r.id,
    seq: r.seq,
    fromMe: r.sender_id === readerId,
    text: r.text,
    sentAt: new Date(r.sent_at).toISOString(),
  }));
}

/** The other side of a thread, as the outbox reaches them. */
export async function contactOf(db: SqlClient, userId: string) {
  const [row] = await db.query<{ email: string | null; phone: string | null; name: string }>(
    `select u.email, u.phone, ${NAME_OF('u')} as name from users u where u.id = $1`,
    [userId],
  );
  return row;
}
