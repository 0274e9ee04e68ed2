/**
 * The access check of spec §6: may the signed-in user perform an action on a resource of an
 * organization (and, optionally, a project)? Pure: the permissions list and mode are passed in.
 */
import * as jsonLogic from 'json-logic-js'
import type { AdditionalOperation, RulesLogic } from 'json-logic-js'

/** A JsonLogic rule attached to a permission entry. */
export type PermissionCondition = RulesLogic<AdditionalOperation>

/** One entry of the profile's permissions list (spec §3 Permission entry). */
export type PermissionEntry = {
  organization_slug: string
  actions: readonly string[]
  resources: readonly string[]
  project_refs: readonly string[] | null
  condition: PermissionCondition | null
  restrictive?: boolean | null
}

/** Everything {@link doPermissionsCheck} needs to decide. */
export type PermissionsCheckInput = {
  permissions: readonly PermissionEntry[] | null | undefined
  organizationSlug: string | null | undefined
  action: string
  resource: string
  /** extra facts for conditions, beside `resource_name` */
  data?: Record<string, unknown>
  projectRef?: string | null
  /** a branch's parent; when given it is checked instead of projectRef (spec §6) */
  parentProjectRef?: string | null
  isPlatform: boolean
}

const patternCache = new Map<string, RegExp>()

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/** True when the name matches the pattern, where `%` stands for any run of characters. */
export function matchesPermissionPattern(pattern: string, name: string): boolean {
  // spec §6: the wildcard is %; everything else is literal
  let regex = patternCache.get(pattern)
  if (regex === undefined) {
    regex = new RegExp(`^${pattern.split('%').map(escapeRegExp).join('[\\s\\S]*')}$`)
    patternCache.set(pattern, regex)
  }
  return regex.test(name)
}

function conditionHolds(
  condition: PermissionCondition | null,
  facts: Record<string, unknown>,
  onError: boolean
): boolean {
  if (condition === null || condition === undefined) return true
  try {
    return jsonLogic.truthy(jsonLogic.apply(condition, facts))
  } catch {
    // A rule that cannot be evaluated fails closed: it grants nothing and restricts everything.
    return onError
  }
}

function entryMatches(
  entry: PermissionEntry,
  action: string,
  resource: string,
  facts: Record<string, unknown>
): boolean {
  return (
    entry.actions.some((pattern) => matchesPermissionPattern(pattern, action)) &&
    entry.resources.some((pattern) => matchesPermissionPattern(pattern, resource)) &&
    conditionHolds(entry.condition, facts, Boolean(entry.restrictive))
  )
}

function isUnscoped(entry: PermissionEntry): boolean {
  return entry.project_refs === null || entry.project_refs === undefined || entry.project_refs.length === 0
}

/**
 * Decides an access check (spec §6). Self-hosted always allows. On the platform, entries of the
 * organization are considered: with a project ref, the grants scoped to that project replace the
 * organization-wide grants when any exist; restrictive entries (organization-wide or scoped to
 * the project) always apply. Allowed iff some grant matches and no restrictive entry matches.
 */
export function doPermissionsCheck({
  permissions,
  organizationSlug,
  action,
  resource,
  data,
  projectRef,
  parentProjectRef,
  isPlatform,
}: PermissionsCheckInput): boolean {
  // spec §6: checks are enforced only on the hosted platform
  if (!isPlatform) return true
  if (!permissions || permissions.length === 0 || !organizationSlug) return false

  const ref = parentProjectRef || projectRef || null // spec §6: a branch uses its parent
  const facts: Record<string, unknown> = { resource_name: resource, ...data }
  const orgEntries = permissions.filter((entry) => entry.organization_slug === organizationSlug)

  const appliesToRef = (entry: PermissionEntry) =>
    isUnscoped(entry) || (ref !== null && (entry.project_refs?.includes(ref) ?? false))
  const restrictive = orgEntries.filter((entry) => entry.restrictive && appliesToRef(entry))
  const grants = orgEntries.filter((entry) => !entry.restrictive)
  const scopedGrants = ref === null ? [] : grants.filter((entry) => entry.project_refs?.includes(ref) ?? false)
  const candidates = scopedGrants.length > 0 ? scopedGrants : grants.filter(isUnscoped)

  return (
    candidates.some((entry) => entryMatches(entry, action, resource, facts)) &&
    !restrictive.some((entry) => entryMatches(entry, action, resource, facts))
  )
}
