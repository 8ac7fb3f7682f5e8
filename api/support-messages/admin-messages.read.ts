import type { SqlClient } from '../../events/store/sql.ts';
import type { MessageStatus, TeamMessage } from '../contract/messages.schema.ts';

type Row = {
  id: string;
  reference: string;
  form: 'support' | 'contact';
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  contact_method: 'email' | 'phone';
  email: string | null;
  phone: string | null;
  category: string | null;
  user_type: string | null;
  subject: string;
  message: string;
  status: 'unhandled' | 'handled';
  received_at: Date;
  handled_by: string | null;
  handled_at: Date | null;
  handled_by_email: string | null;
  version: number;
};

const toTeamMessage = (r: Row): TeamMessage => ({
  id: r.id,
  reference: r.reference,
  form: r.form,
  name: r.name,
  firstName: r.first_name,
  lastName: r.last_name,
  contactMethod: r.contact_method,
  email: r.email,
  phone: r.phone,
  category: r.category as TeamMessage['category'],
  userType: r.user_type as TeamMessage['userType'],
  subject: r.subject,
  message: r.message,
  status: r.status,
  receivedAt: new Date(r.received_at).toISOString(),
  handledAt: r.handled_at ? new Date(r.handled_at).toISOString() : null,
  handledBy: r.handled_by,
  handledByEmail: r.handled_by_email,
  version: r.version,
});

const SELECT = `select m.*, u.email as handled_by_email from support_messages m left join users u on u.id = m.handled_by`;
const WHERE = { all: 'true', unhandled: `m.status = 'unhandled'`, handled: `m.status = 'handled'` } as const;

/** Newest first, one page. */
export async function listTeamMessages(db: SqlClient, q: { status: MessageStatus; page: number; limit: number }) {
  const where = WHERE[q.status];
  const rows = await db.query<Row>(
    `${SELECT} where ${where} order by m.received_at desc, m.id desc limit $1 offset $2`,
    [q.limit, (q.page - 1) * q.limit],
  );
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from support_messages m where ${where}`,
  );
  return { messages: rows.map(toTeamMessage), total: count?.total ?? 0 };
}

export async function findTeamMessage(db: SqlClient, id: string): Promise<TeamMessage | undefined> {
  const [row] = await db.query<Row>(`${SELECT} where m.id = $1`, [id]);
  return row && toTeamMessage(row);
}
