/**
 * What browsers may send each project service and read of its answers, declared once (the gateway
 * sets these headers on every answer of the service, before it runs; project-api/gateway.ts).
 * Any origin may call a project's API (apps run everywhere): a key or a user's token is the
 * credential, never a cookie, so `*` is the origin and no credentials are allowed.
 */
export type CorsPolicy = Readonly<Record<string, string>>

const cors = (methods: string, headers: string, expose?: string): CorsPolicy => ({
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': methods,
  'Access-Control-Allow-Headers': headers,
  ...(expose ? { 'Access-Control-Expose-Headers': expose } : {}),
  'Access-Control-Max-Age': '86400',
})

export const PROJECT_CORS = {
  rest: cors(
    'GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS',
    'apikey, authorization, content-type, prefer, range, range-unit, accept, accept-profile, content-profile, x-client-info',
    'Content-Range, Content-Location, Preference-Applied'
  ),
  auth: cors('GET, POST, PUT, DELETE, OPTIONS', 'apikey, authorization, content-type, x-client-info, x-supabase-api-version', 'X-Total-Count, Link'),
  storage: cors(
    'GET, HEAD, POST, PUT, DELETE, OPTIONS',
    'apikey, authorization, content-type, x-client-info, x-upsert, x-metadata, cache-control, content-encoding, range',
    'Content-Length, Content-Type, ETag, Last-Modified, Content-Disposition, Content-Range, Accept-Ranges'
  ),
  // A function's preflight also allows the headers the browser asks for (functions/gateway.ts).
  functions: cors('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS', 'authorization, x-client-info, apikey, content-type, x-region'),
  realtime: cors('GET, POST, OPTIONS', 'apikey, authorization, content-type, x-client-info'),
} as const satisfies Record<string, CorsPolicy>
