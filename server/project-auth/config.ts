import type { ProjectAuthConfig, UpdateProjectAuthConfigBody } from '@/lib/api-types/project-auth'
import { auditOrg } from '../access'
import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { notFound } from '../http/errors'

/** GoTrue's defaults, which a project has until its settings are changed. */
export const DEFAULT_PROJECT_AUTH_CONFIG: ProjectAuthConfig = {
  MAILER_AUTOCONFIRM: true,
  DISABLE_SIGNUP: false,
  SITE_URL: 'http://localhost:3000',
  JWT_EXP: 3600,
}

type Row = { mailer_autoconfirm: boolean | null; disable_signup: boolean | null; site_url: string | null; jwt_exp: number | null; found: boolean }

const SELECT = `select c.mailer_autoconfirm, c.disable_signup, c.site_url, c.jwt_exp, true as found
  from platform.projects p left join platform.project_auth_config c on c.project_id = p.id
 where p.ref = $1 and p.status <> 'REMOVED'`

function fromRow(row: Row): ProjectAuthConfig {
  const d = DEFAULT_PROJECT_AUTH_CONFIG
  return {
    MAILER_AUTOCONFIRM: row.mailer_autoconfirm ?? d.MAILER_AUTOCONFIRM,
    DISABLE_SIGNUP: row.disable_signup ?? d.DISABLE_SIGNUP,
    SITE_URL: row.site_url ?? d.SITE_URL,
    JWT_EXP: row.jwt_exp === null ? d.JWT_EXP : Number(row.jwt_exp),
  }
}

/** The project's auth settings; 404 when there is no such project. */
export async function getProjectAuthConfig(db: Db, ref: string): Promise<ProjectAuthConfig> {
  const { rows } = await db.query<Row>(SELECT, [ref])
  if (!rows[0]) throw notFound(`Project ${ref} not found`)
  return fromRow(rows[0])
}

/** Changes the settings given (the others keep their value); audit-logged in the organization. */
export async function updateProjectAuthConfig(
  db: Db,
  caller: Pick<Caller, 'userId'>,
  project: { id: number; ref: string; organization_id: number },
  body: UpdateProjectAuthConfigBody
): Promise<ProjectAuthConfig> {
  return db.transaction(async (tx) => {
    const next = { ...(await getProjectAuthConfig(tx, project.ref)), ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) }
    await tx.query(
      `insert into platform.project_auth_config (project_id, mailer_autoconfirm, disable_signup, site_url, jwt_exp)
       values ($1, $2, $3, $4, $5)
       on conflict (project_id) do update set mailer_autoconfirm = $2, disable_signup = $3, site_url = $4, jwt_exp = $5, updated_at = now()`,
      [project.id, next.MAILER_AUTOCONFIRM, next.DISABLE_SIGNUP, next.SITE_URL, next.JWT_EXP]
    )
    await auditOrg(tx, caller, project.organization_id, 'project.auth_config_updated', project.ref, { changed: Object.keys(body) })
    return next as ProjectAuthConfig
  })
}
