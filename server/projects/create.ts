import { getServerConfig } from '@/lib/config'
import { DEFAULT_CLOUD_PROVIDER } from '@/lib/catalogue/cloud-providers'
import { COMPUTE_SIZES, DEFAULT_COMPUTE_SIZE_ID } from '@/lib/catalogue/compute-sizes'
import { regionsForProvider } from '@/lib/catalogue/regions'
import { MIN_PASSWORD_SCORE } from '@/lib/password-strength'
import { auditOrg, getOrgAccess, getProjectAccess, type OrganizationRow } from '../access'
import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { ApiError, badRequest, conflict } from '../http/errors'
import { membersExceedingFreeProjectLimit } from '../organizations/free-project-limit'
import { scorePassword } from '../profile/password-check'
import { createProjectJwtSecret } from './api-keys'
import { keepCreationVerifier } from './owner-verifier'
import { kickProjectJob } from './jobs'
import { FREE_PLAN_ACTIVE_PROJECT_LIMIT } from './limits'
import type { CreateProjectInput } from '@/lib/api-types/projects'
import { readProject, type ProjectListRow } from './serialize'
import { createProjectRoles } from './server-databases'
import { generateProjectRef, projectTarget } from './targets'
import { scramVerifier } from './wire/scram'

// Arbitrary fixed key: creations and restores that count against the free limit run one at a time.
const PROJECT_LIMIT_LOCK = 7_341_404

/**
 * spec §9: the free plan's limit of 2 active projects, counted per Owner/Admin across every free
 * organization they run (as the free-project-limit check reports it). Call inside a transaction.
 */
export async function assertFreeProjectLimit(tx: Db, org: OrganizationRow, additional: number): Promise<void> {
  if (org.plan_id !== 'free' || additional === 0) return
  await tx.query('select pg_advisory_xact_lock($1)', [PROJECT_LIMIT_LOCK])
  const over = await membersExceedingFreeProjectLimit(tx, org, additional)
  if (over.length > 0) {
    throw new ApiError(
      402,
      `The free plan allows ${FREE_PLAN_ACTIVE_PROJECT_LIMIT} active projects per owner or admin, and ` +
        `${over.map((m) => m.primary_email).join(', ')} already ${over.length === 1 ? 'runs' : 'run'} ${FREE_PLAN_ACTIVE_PROJECT_LIMIT}: ` +
        'pause or delete a project, or upgrade the organization to a paid plan'
    )
  }
}

async function assertStrongPassword(password: string, userInputs: string[]): Promise<void> {
  const { score, feedback } = await scorePassword(password, userInputs)
  if (score >= MIN_PASSWORD_SCORE) return
  const advice = [feedback.warning, ...feedback.suggestions].filter(Boolean).join(' ')
  // spec §5: the required minimum score is 4
  throw badRequest(
    `db_pass: the database password is too weak (strength ${score} of 4; ${MIN_PASSWORD_SCORE} is required).${advice ? ` ${advice}` : ''}`
  )
}

function insertProject(
  tx: Db,
  row: { ref: string; name: string; orgId: number; region: string; provider: string; size: string; parent: string | null; dbVersion: string | null; createdBy: string; databaseName: string }
) {
  return tx.query(
    `insert into platform.projects
       (ref, name, organization_id, status, postgrest_status, region, cloud_provider, compute_size, parent_project_ref,
        db_version, created_by, database_name)
     values ($1, $2, $3, 'COMING_UP', 'OFFLINE', $4, $5, $6, $7, coalesce($8, '17.4'), $9, $10)`,
    [row.ref, row.name, row.orgId, row.region, row.provider, row.size, row.parent, row.dbVersion, row.createdBy, row.databaseName]
  )
}

async function createRoles(tx: Db, ref: string, ownerVerifier: string | null): Promise<void> {
  try {
    await createProjectRoles(tx, ref, ownerVerifier)
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error
    throw new ApiError(500, 'The platform cannot create project databases: its DATABASE_URL role needs CREATEROLE and CREATEDB (or to be a superuser)')
  }
}

/** POST /platform/projects: a new project in COMING_UP; its database is provisioned in the background. */
export async function createProject(db: Db, caller: Caller, input: CreateProjectInput): Promise<ProjectListRow> {
  if (!getServerConfig().isPlatform) {
    throw badRequest('A self-hosted install has a single project, "default": new projects need the hosted platform mode')
  }
  // Owners and Admins create projects; Developers work in them.
  const { org } = await getOrgAccess(db, caller, input.organization_slug, 'Admin')
  const provider = input.cloud_provider ?? DEFAULT_CLOUD_PROVIDER
  const regions = regionsForProvider(provider)
  if (!regions.some((r) => r.code === input.region)) {
    throw badRequest(`region: "${input.region}" is not a region of ${provider}; use one of ${regions.map((r) => r.code).join(', ')}`)
  }
  const smallest = COMPUTE_SIZES[0].id
  const size = input.compute_size ?? (org.plan_id === 'free' ? smallest : DEFAULT_COMPUTE_SIZE_ID)
  if (org.plan_id === 'free' && size !== smallest) {
    throw badRequest(`compute_size: the free plan offers only the ${smallest} compute size; upgrade for larger ones`)
  }
  await assertStrongPassword(input.db_pass, [caller.email, input.name, org.slug, org.name])

  const ref = generateProjectRef()
  const target = projectTarget(ref)
  // The password itself goes no further: its SCRAM-SHA-256 verifier is what either store keeps.
  const ownerVerifier = scramVerifier(input.db_pass)
  const row = await db.transaction(async (tx) => {
    await assertFreeProjectLimit(tx, org, 1)
    await insertProject(tx, {
      ref,
      name: input.name,
      orgId: org.id,
      region: input.region,
      provider,
      size,
      parent: null,
      dbVersion: null,
      createdBy: caller.userId,
      databaseName: target.databaseName,
    })
    // On a server the roles come with the row, in its transaction, so a provisioning resumed
    // later does not need the password. A PGlite database does not exist yet: its provisioning
    // sets the verifier, kept until then (owner-verifier.ts).
    if (target.kind === 'postgres') await createRoles(tx, ref, ownerVerifier)
    else await keepCreationVerifier(tx, ref, ownerVerifier)
    await createProjectJwtSecret(tx, ref)
    await auditOrg(tx, caller, org.id, 'project.created', ref, { name: input.name, region: input.region, cloud_provider: provider, compute_size: size })
    return (await readProject(tx, ref))!
  })
  kickProjectJob(ref)
  return row
}

/** POST /platform/projects/:ref/branches: a branch is a project row pointing at its parent, with its own database. */
export async function createBranch(db: Db, caller: Caller, parentRef: string, branchName: string): Promise<ProjectListRow> {
  const { project: parent, org } = await getProjectAccess(db, caller, parentRef, 'Developer')
  if (!getServerConfig().isPlatform) throw badRequest('Branches need the hosted platform mode')
  if (parent.parent_project_ref) throw badRequest(`Project ${parentRef} is itself a branch; create branches of ${parent.parent_project_ref}`)
  if (parent.status !== 'ACTIVE_HEALTHY') {
    throw conflict(`Project ${parentRef} is ${parent.status}: branches can be created only while it is ACTIVE_HEALTHY`)
  }
  const ref = generateProjectRef()
  const target = projectTarget(ref)
  try {
    const row = await db.transaction(async (tx) => {
      const { rows } = await tx.query(
        `select 1 from platform.projects where parent_project_ref = $1 and lower(name) = lower($2) and status <> 'REMOVED'`,
        [parentRef, branchName]
      )
      if (rows.length > 0) throw conflict(`Project ${parentRef} already has a branch named ${branchName}`)
      await insertProject(tx, {
        ref,
        name: branchName,
        orgId: org.id,
        region: parent.region,
        provider: parent.cloud_provider,
        size: parent.compute_size,
        parent: parentRef,
        dbVersion: parent.db_version,
        createdBy: caller.userId,
        databaseName: target.databaseName,
      })
      if (target.kind === 'postgres') await createRoles(tx, ref, null)
      await createProjectJwtSecret(tx, ref)
      await auditOrg(tx, caller, org.id, 'project.branch_created', ref, { parent: parentRef, branch_name: branchName })
      return (await readProject(tx, ref))!
    })
    kickProjectJob(ref)
    return row
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict(`Project ${parentRef} already has a branch named ${branchName}`)
    throw error
  }
}
