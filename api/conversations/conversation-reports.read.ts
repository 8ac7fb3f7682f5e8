import type { SqlClient } from '../../events/store/sql.ts';
import type {
  AdminConversationReportsQuery,
  ReportedConversation,
  ReportedConversationThread,
} from '../contract/conversations.schema.ts';
import { isoOrNull, jsonRows } from '../db/row-values.ts';
import { NAME_OF, newestMessages } from './conversations.read.ts';

type ReportRow = {
  id: string;
  reason: string;
  note: string;
  reporter_id: string;
  reported_id: string;
  reported_at: string;
  status: 'open' | 'resolved';
  action: string | null;
  resolution_note: string | null;
  suspended_id: string | null;
  resolved_at: string | null;
};
type Row = {
  conversation_id: string;
  listing_id: string;
  title: string | null;
  host_id: string;
  host_name: string;
  host_email: string | null;
  host_phone: string | null;
  renter_id: string;
  renter_name: string;
  renter_email: string | null;
  renter_phone: string | null;
  message_count: number;
  reports: ReportRow[] | string | null;
};

const THREAD_SELECT = `select c.id as conversation_id, c.listing_id, p.title, c.host_id, ${NAME_OF('h')} as host_name,
    h.email as host_email, h.phone as host_phone, c.renter_id, ${NAME_OF('r')} as renter_name,
    r.email as renter_email, r.phone as renter_phone, c.message_count`;
const THREAD_JOINS = `left join properties p on p.id = c.listing_id
  join users h on h.id = c.host_id join users r on r.id = c.renter_id`;
const REPORTS_OF = (status: string) => `(select json_agg(json_build_object('id', x.id, 'reason', x.reason,
    'note', x.note, 'reporter_id', x.reporter_id, 'reported_id', x.reported_id, 'reported_at', x.reported_at,
    'status', x.status, 'action', x.action, 'resolution_note', x.resolution_note, 'suspended_id', x.suspended_id,
    'resolved_at', x.resolved_at) order by x.reported_at, x.id)
  from conversation_reports x where x.conversation_id = c.id ${status}) as reports`;

/**
 * The admins' queue of reported conversations: threads with open reports, the longest waiting
 * first; or, for `resolved`, threads by their latest resolution. Each with its reports of that status.
 */
export async function listReportedConversations(
  db: SqlClient,
  q: AdminConversationReportsQuery,
): Promise<{ conversations: ReportedConversation[]; total: number }> {
  const order = q.status === 'open' ? 'min(reported_at) asc' : 'max(resolved_at) desc';
  const rows = await db.query<Row>(
    `with page as (
       select conversation_id, row_number() over (order by ${order}, conversation_id) as n
       from conversation_reports where status = $1
       group by conversation_id order by ${order}, conversation_id limit $2 offset $3)
     ${THREAD_SELECT}, ${REPORTS_OF('and x.status = $1')}
     from page join conversations c on c.id = page.conversation_id ${THREAD_JOINS}
     order by page.n`,
    [q.status, q.limit, (q.page - 1) * q.limit],
  );
  const [count] = await db.query<{ total: number }>(
    'select count(distinct conversation_id)::int as total from conversation_reports where status = $1',
    [q.status],
  );
  return { conversations: rows.map(toReported), total: count?.total ?? 0 };
}

/**
 * A thread someone reported, with every report and its newest messages (as many as its participants
 * see): the only threads an admin may read.
 */
export async function findReportedConversation(
  db: SqlClient,
  conversationId: string,
): Promise<ReportedConversationThread | undefined> {
  const [row] = await db.query<Row>(
    `${THREAD_SELECT}, ${REPORTS_OF('')} from conversations c ${THREAD_JOINS}
     where c.id = $1 and exists (select 1 from conversation_reports x where x.conversation_id = c.id)`,
    [conversationId],
  );
  if (!row) return undefined;
  const messages = await newestMessages(db, conversationId);
  return {
    conversation: toReported(row),
    messages: messages.map((m) => ({
      id: m.id,
      seq: m.seq,
      senderId: m.sender_id,
      text: m.text,
      sentAt: new Date(m.sent_at).toISOString(),
    })),
  };
}

function toReported(r: Row): ReportedConversation {
  return {
    conversationId: r.conversation_id,
    listing: { id: r.listing_id, title: r.title ?? 'A listing no longer on Efie' },
    host: { id: r.host_id, name: r.host_name, email: r.host_email, phone: r.host_phone },
    renter: { id: r.renter_id, name: r.renter_name, email: r.renter_email, phone: r.renter_phone },
    messageCount: r.message_count,
    reports: jsonRows(r.reports).map((x) => ({
      id: x.id,
      reason: x.reason,
      note: x.note,
      reporterId: x.reporter_id,
      reportedId: x.reported_id,
      reportedAt: isoOrNull(x.reported_at)!,
      status: x.status,
      action: x.action,
      resolutionNote: x.resolution_note,
      suspendedId: x.suspended_id,
      resolvedAt: isoOrNull(x.resolved_at),
    })),
  };
}
