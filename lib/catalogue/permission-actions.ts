/**
 * Action and resource names used by permission checks (spec §6). Patterns in a profile's
 * permission entries may use `%` as a wildcard; these are the concrete names callers ask for.
 */

export const PERMISSION_ACTIONS = {
  ANALYTICS_READ: 'analytics:Read',
  ANALYTICS_WRITE: 'analytics:Write',
  AUTH_EXECUTE: 'auth:Execute',
  BILLING_READ: 'billing:Read',
  BILLING_WRITE: 'billing:Write',
  FUNCTIONS_READ: 'functions:Read',
  FUNCTIONS_WRITE: 'functions:Write',
  INFRA_EXECUTE: 'infra:Execute',
  READ: 'read:Read',
  CREATE: 'write:Create',
  UPDATE: 'write:Update',
  DELETE: 'write:Delete',
  SECRETS_READ: 'secrets:Read',
  SECRETS_WRITE: 'secrets:Write',
  STORAGE_READ: 'storage:Read',
  STORAGE_WRITE: 'storage:Write',
  STORAGE_ADMIN_READ: 'storage:Admin:Read',
  STORAGE_ADMIN_WRITE: 'storage:Admin:Write',
  SQL_SELECT: 'sql:Read:Select',
  SQL_INSERT: 'sql:Write:Insert',
  SQL_UPDATE: 'sql:Write:Update',
  SQL_DELETE: 'sql:Write:Delete',
  TENANT_SQL_ADMIN_READ: 'tenant:Sql:Admin:Read',
  TENANT_SQL_ADMIN_WRITE: 'tenant:Sql:Admin:Write',
} as const
export type PermissionAction = (typeof PERMISSION_ACTIONS)[keyof typeof PERMISSION_ACTIONS]

export const PERMISSION_RESOURCES = {
  STRIPE_CUSTOMER: 'stripe.customer',
  STRIPE_SUBSCRIPTIONS: 'stripe.subscriptions',
  STRIPE_TAX_IDS: 'stripe.tax_ids',
  STRIPE_PAYMENT_METHODS: 'stripe.payment_methods',
  INVOICES: 'invoices',
  PROJECTS: 'projects',
  ORGANIZATIONS: 'organizations',
  USER_INVITES: 'user_invites',
  USER_CONTENT: 'user_content',
  AUTH_USERS: 'auth.users',
  TABLES: 'tables',
  FUNCTIONS: 'functions',
  SECRETS: 'secrets',
} as const
export type PermissionResource = (typeof PERMISSION_RESOURCES)[keyof typeof PERMISSION_RESOURCES]

/** An action and the resource it applies to, as passed to a permission check. */
export type PermissionCheck = readonly [action: PermissionAction, resource: PermissionResource]

/** spec §5, §6: reading the organization's billing customer needs billing read on it. */
export const BILLING_CUSTOMER_READ: PermissionCheck = [
  PERMISSION_ACTIONS.BILLING_READ,
  PERMISSION_RESOURCES.STRIPE_CUSTOMER,
]

/** Reading the organization's subscription (plan and usage). */
export const BILLING_SUBSCRIPTION_READ: PermissionCheck = [
  PERMISSION_ACTIONS.BILLING_READ,
  PERMISSION_RESOURCES.STRIPE_SUBSCRIPTIONS,
]

/** Changing the organization's subscription. */
export const BILLING_SUBSCRIPTION_WRITE: PermissionCheck = [
  PERMISSION_ACTIONS.BILLING_WRITE,
  PERMISSION_RESOURCES.STRIPE_SUBSCRIPTIONS,
]
