/**
 * A project's API keys and API settings as the platform sends them and the dashboard reads them
 * (`GET /platform/projects/:ref/api-keys`, `.../settings`, `POST .../api-keys/rotate`). No request
 * bodies: the calls take none. Types only, so the browser may import this file.
 */

/** The two keys of a project, as the official client libraries name them. */
export const API_KEY_NAMES = ['anon', 'service_role'] as const
export type ApiKeyName = (typeof API_KEY_NAMES)[number]

/** One key: an HS256 JWT whose `role` claim is its name, signed with the project's secret. */
export type ApiKey = { name: ApiKeyName; api_key: string }

/** `GET .../settings`: where the project's API answers and what its keys carry. */
export type ProjectSettings = {
  app_config: {
    /** The absolute URL of the project's API: `{endpoint}/rest/v1`, `{endpoint}/auth/v1`. */
    endpoint: string
    /** The schemas the REST API serves, comma-separated (the Data API settings, postgrest-config.ts). */
    db_schema: string
  }
  jwt: {
    /** Bumped by each rotation. */
    key_version: number
    /** When the current secret was made (its keys' `iat`), ISO 8601. */
    issued_at: string
  }
}

/** `POST .../api-keys/rotate`: the keys signed with the new secret (the old ones no longer verify). */
export type RotateApiKeysResponse = { key_version: number; api_keys: ApiKey[] }
