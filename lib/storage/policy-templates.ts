/**
 * Dashboard → Storage → Policies (issue 13): policies on `storage.objects` for one bucket from
 * templates, built on the Authentication policies' DDL (lib/database/policies.ts) so the member
 * reads exactly the SQL that runs. Pure.
 */
import { createPolicySql, POLICY_JSON_SQL, type Policy, type PolicySpec } from '@/lib/database/policies'
import { MAX_IDENTIFIER_BYTES } from '@/lib/sql/ddl'
import { quoteLiteral } from '@/lib/sql/identifiers'

/** The table every storage policy is on. */
export const STORAGE_OBJECTS = { schema: 'storage', name: 'objects' } as const

/** Policies on storage.objects, as POLICY_TABLES_SQL reads them. */
export const STORAGE_POLICIES_SQL = `select coalesce(json_agg(${POLICY_JSON_SQL} order by p.polname), '[]'::json) as policies
  from pg_catalog.pg_policy p where p.polrelid = 'storage.objects'::pg_catalog.regclass`

type PolicyJson = Omit<Policy, 'withCheck'> & { with_check: string | null }

/** The one row of STORAGE_POLICIES_SQL as the platform returns it. */
export function parseStoragePolicies(rows: readonly Record<string, unknown>[]): Policy[] {
  const raw = rows[0]?.policies
  const list = (typeof raw === 'string' ? JSON.parse(raw) : raw) as PolicyJson[] | null
  return (list ?? []).map(({ with_check, ...p }) => ({ ...p, withCheck: with_check }))
}

/** The bucket a policy names (`bucket_id = 'x'` in its expressions, as Postgres prints them), or null. */
export function policyBucket(policy: Pick<Policy, 'using' | 'withCheck'>): string | null {
  const match = /bucket_id\s*=\s*'((?:[^']|'')*)'/.exec(`${policy.using ?? ''} ${policy.withCheck ?? ''}`)
  return match ? match[1].replaceAll("''", "'") : null
}

/** `{label} ({bucket})`, the bucket cut so the name fits Postgres's 63 bytes. */
export function policyName(label: string, bucket: string): string {
  const room = MAX_IDENTIFIER_BYTES - new TextEncoder().encode(`${label} ()`).length
  let cut = bucket
  while (new TextEncoder().encode(cut).length > room) cut = cut.slice(0, -1)
  return `${label} (${cut})`
}

/** The expression "the user's own folder": the first folder of the object's name is the user's id. */
export const OWN_FOLDER_EXPRESSION = '(select auth.uid())::text = (storage.foldername(name))[1]'

export type StoragePolicyTemplate = { id: string; label: string; description: string; build: (bucket: string) => PolicySpec }

const inBucket = (bucket: string) => `bucket_id = ${quoteLiteral(bucket)}`

export const STORAGE_POLICY_TEMPLATES: readonly StoragePolicyTemplate[] = [
  {
    id: 'public-read',
    label: 'Public read access',
    description: 'Anyone, signed in or not, can download the files of this bucket with the anon key.',
    build: (bucket) => ({ name: policyName('Public read access', bucket), command: 'SELECT', permissive: true, roles: ['anon', 'authenticated'], using: inBucket(bucket), withCheck: '' }),
  },
  {
    id: 'authenticated-upload',
    label: 'Authenticated users can upload',
    description: 'Any signed-in user can upload files to this bucket.',
    build: (bucket) => ({ name: policyName('Authenticated users can upload', bucket), command: 'INSERT', permissive: true, roles: ['authenticated'], using: '', withCheck: inBucket(bucket) }),
  },
  {
    id: 'own-folder',
    label: 'Users manage files in their own folder',
    description: 'A signed-in user reads, uploads, changes and deletes only files under a folder named by their user id, e.g. {user id}/avatar.png.',
    build: (bucket) => {
      const own = `${inBucket(bucket)} and ${OWN_FOLDER_EXPRESSION}`
      return { name: policyName('Users manage their own folder', bucket), command: 'ALL', permissive: true, roles: ['authenticated'], using: own, withCheck: own }
    },
  },
  {
    id: 'authenticated-read',
    label: 'Authenticated users can read',
    description: 'Any signed-in user can download the files of this bucket; visitors cannot.',
    build: (bucket) => ({ name: policyName('Authenticated users can read', bucket), command: 'SELECT', permissive: true, roles: ['authenticated'], using: inBucket(bucket), withCheck: '' }),
  },
]

/** The CREATE POLICY script of a template for a bucket. */
export const storageTemplateSql = (template: StoragePolicyTemplate, bucket: string) => createPolicySql(STORAGE_OBJECTS, template.build(bucket))
