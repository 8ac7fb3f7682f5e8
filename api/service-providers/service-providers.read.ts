import type { SqlClient } from '../../events/store/sql.ts';
import type { ProviderCounts, ProviderListQuery, ServiceProvider } from '../contract/service-providers.schema.ts';
import { isUuid } from '../http/is-uuid.ts';

export type ProviderRow = {
  id: string;
  applicant_id: string;
  category_id: ServiceProvider['categoryId'];
  business_name: string;
  contact_person: string;
  email: string;
  phone: string;
  business_address: string;
  service_area: string;
  years_experience: number;
  services_offered: string;
  emergency_available: boolean;
  description: string;
  status: ServiceProvider['status'];
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = `id, applicant_id, category_id, business_name, contact_person, email, phone, business_address, service_area,
  years_experience, services_offered, emergency_available, description, status, created_at, updated_at`;

export const toProvider = (r: ProviderRow): ServiceProvider => ({
  id: r.id,
  categoryId: r.category_id,
  businessName: r.business_name,
  contactPerson: r.contact_person,
  email: r.email,
  phone: r.phone,
  businessAddress: r.business_address,
  serviceArea: r.service_area,
  yearsExperience: r.years_experience,
  servicesOffered: r.services_offered,
  emergencyAvailable: r.emergency_available,
  description: r.description,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** Undefined for an unknown id, and for text that is no id at all (never a cast error). */
export async function findProvider(db: SqlClient, id: string): Promise<ProviderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.query<ProviderRow>(`select ${COLUMNS} from service_providers where id = $1`, [id]);
  return row;
}

export async function hasPendingApplication(db: SqlClient, applicantId: string): Promise<boolean> {
  const rows = await db.query('select 1 from service_providers where applicant_id = $1 and status = $2', [
    applicantId,
    'pending',
  ]);
  return rows.length > 0;
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** One page of providers, newest application first, with the filters' total. */
export async function listProviders(
  db: SqlClient,
  q: Omit<ProviderListQuery, 'limit'> & { limit: number },
): Promise<{ rows: ProviderRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (q.status !== 'all') where.push(`status = ${param(q.status)}`);
  if (q.category) where.push(`category_id = ${param(q.category)}`);
  if (q.area) where.push(`lower(service_area) like ${param(likePattern(q.area))}`);
  if (q.emergency === true) where.push('emergency_available');
  const clause = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from service_providers ${clause}`,
    params,
  );
  const rows = await db.query<ProviderRow>(
    `select ${COLUMNS} from service_providers ${clause} order by created_at desc, id desc limit ${param(q.limit)} offset ${param((q.page - 1) * q.limit)}`,
    params,
  );
  return { rows, total: count?.total ?? 0 };
}

export async function countByStatus(db: SqlClient): Promise<ProviderCounts> {
  const rows = await db.query<{ status: keyof ProviderCounts; n: number }>(
    'select status, count(*)::int as n from service_providers group by status',
  );
  const counts: ProviderCounts = { pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}
