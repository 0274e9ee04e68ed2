import { WALK_PASSWORD, WALK_TABLE, type ProjectApiWorld, type ProjectCaller, type ProjectRequest } from './project-api-world'

/**
 * Bad requests to a project's public API and how each must be refused: `status` and the error's
 * code (PostgREST `code`, GoTrue `error_code`), with a message naming the problem (`names`, all
 * of them, case-insensitive). The generic broken bodies (malformed JSON, JSON of the wrong kind,
 * an oversized body) are made for every line that takes a body by the test itself.
 */
export type BadCase = {
  label: string
  method: string
  path: string
  init?: ProjectRequest
  caller?: ProjectCaller
  status: number
  code?: string
  names: string[]
}

const T = `/rest/v1/${WALK_TABLE}`
const json = (value: unknown) => JSON.stringify(value)
const NO_USER = '00000000-0000-4000-8000-000000000000'

/** The REST cases: the grammar, the headers, the catalogue and the data. */
export function restCases(w: ProjectApiWorld): BadCase[] {
  const id = () => w.nextId()
  return [
    { label: 'an unknown operator', method: 'GET', path: T, init: { query: '?id=zz.1' }, status: 400, code: 'PGRST100', names: ['zz.1'] },
    { label: 'a filter without a value', method: 'GET', path: T, init: { query: '?id=eq' }, status: 400, code: 'PGRST100', names: ['eq'] },
    { label: 'an unknown column in select', method: 'GET', path: T, init: { query: '?select=nope' }, status: 400, code: '42703', names: ['nope'] },
    { label: 'an unknown column in a filter', method: 'GET', path: T, init: { query: '?nope=eq.1' }, status: 400, code: '42703', names: ['nope'] },
    { label: 'a bad order', method: 'GET', path: T, init: { query: '?order=id.sideways' }, status: 400, code: 'PGRST100', names: ['order'] },
    { label: 'a negative limit', method: 'GET', path: T, init: { query: '?limit=-1' }, status: 400, code: 'PGRST100', names: ['limit'] },
    { label: 'a value of the wrong type in a filter', method: 'GET', path: T, init: { query: '?id=eq.abc' }, status: 400, code: '22P02', names: ['abc'] },
    { label: 'a backwards Range', method: 'GET', path: T, init: { headers: { Range: '5-2' } }, status: 416, code: 'PGRST103', names: ['range'] },
    { label: 'a Range past the rows', method: 'GET', path: T, init: { query: '?offset=100000', headers: { Prefer: 'count=exact' } }, status: 416, code: 'PGRST103', names: ['range'] },
    { label: 'an unknown preference with handling=strict', method: 'GET', path: T, init: { headers: { Prefer: 'handling=strict, count=all' } }, status: 400, code: 'PGRST122', names: ['count=all'] },
    { label: 'an Accept it cannot serve', method: 'GET', path: T, init: { headers: { Accept: 'text/html' } }, status: 406, code: 'PGRST107', names: ['text/html'] },
    { label: 'a schema not served', method: 'GET', path: T, init: { headers: { 'Accept-Profile': 'auth' } }, status: 406, code: 'PGRST106', names: ['schema'] },
    { label: 'a schema not served for a write', method: 'POST', path: T, init: { headers: { 'Content-Profile': 'auth' }, body: { id: id(), body: 'x' } }, status: 406, code: 'PGRST106', names: ['schema'] },
    { label: 'an unknown table', method: 'GET', path: '/rest/v1/no_such_table', status: 404, code: '42P01', names: ['public.no_such_table'] },
    { label: 'an insert into an unknown table', method: 'POST', path: '/rest/v1/no_such_table', init: { body: { id: 1 } }, status: 404, code: '42P01', names: ['no_such_table'] },
    { label: 'a path below a table', method: 'GET', path: `${T}/1`, status: 400, code: 'PGRST100', names: [`${WALK_TABLE}/1`] },
    { label: 'an unknown function', method: 'POST', path: '/rest/v1/rpc/no_such_fn', init: { body: {} }, status: 404, code: 'PGRST202', names: ['no_such_fn'] },
    { label: 'an unknown function by GET', method: 'GET', path: '/rest/v1/rpc/no_such_fn', init: { query: '?a=1' }, status: 404, code: 'PGRST202', names: ['no_such_fn'] },
    { label: 'an unknown argument', method: 'POST', path: '/rest/v1/rpc/walk_private', init: { body: { m: 1 } }, status: 404, code: 'PGRST202', names: ['walk_private', 'm'] },
    { label: 'an argument of the wrong type', method: 'POST', path: '/rest/v1/rpc/walk_private', init: { body: { n: 'abc' } }, status: 400, code: '22P02', names: ['abc'] },
    { label: 'function arguments as an array', method: 'POST', path: '/rest/v1/rpc/walk_private', init: { body: [{ n: 1 }] }, status: 400, code: 'PGRST102', names: ['json'] },
    { label: 'a column of the wrong type', method: 'POST', path: T, init: { body: { id: 'abc', body: 'x' } }, status: 400, code: '22P02', names: ['abc'] },
    { label: 'an unknown column', method: 'POST', path: T, init: { body: { id: id(), body: 'x', nope: 1 } }, status: 400, code: 'PGRST204', names: ['nope'] },
    { label: 'a missing required column', method: 'POST', path: T, init: { body: { id: id() } }, status: 400, code: '23502', names: ['body'] },
    { label: 'a check violation', method: 'POST', path: T, init: { body: { id: id(), body: 'x'.repeat(300) } }, status: 400, code: '23514', names: [WALK_TABLE] },
    { label: 'a duplicate key', method: 'POST', path: T, init: { body: { id: 1, body: 'again' } }, status: 409, code: '23505', names: ['key'] },
    { label: 'rows that are not objects', method: 'POST', path: T, init: { body: [1, 2] }, status: 400, code: 'PGRST102', names: ['object'] },
    { label: 'an upsert on an unknown column', method: 'POST', path: T, init: { query: '?on_conflict=nope', headers: { Prefer: 'resolution=merge-duplicates' }, body: { id: 1, body: 'x' } }, status: 400, code: 'PGRST204', names: ['nope'] },
    { label: 'a patch that is an array', method: 'PATCH', path: T, init: { query: '?id=eq.1', body: [{ body: 'x' }] }, status: 400, code: 'PGRST102', names: ['json'] },
    { label: 'a patch of an unknown column', method: 'PATCH', path: T, init: { query: '?id=eq.1', body: { nope: 1 } }, status: 400, code: 'PGRST204', names: ['nope'] },
    { label: 'a patch of the wrong type', method: 'PATCH', path: T, init: { query: '?id=eq.1', body: { public: 'maybe' } }, status: 400, code: '22P02', names: ['maybe'] },
    { label: 'a patch with a bad filter', method: 'PATCH', path: T, init: { query: '?id=zz.1', body: { body: 'x' } }, status: 400, code: 'PGRST100', names: ['zz.1'] },
    { label: 'a delete with a bad filter', method: 'DELETE', path: T, init: { query: '?id=zz.1' }, status: 400, code: 'PGRST100', names: ['zz.1'] },
    { label: 'a delete on an unknown table', method: 'DELETE', path: '/rest/v1/no_such_table', init: { query: '?id=eq.1' }, status: 404, code: '42P01', names: ['no_such_table'] },
    { label: 'a table name that is not percent-encoded UTF-8', method: 'GET', path: '/rest/v1/%E0%A4%A', status: 400, code: 'PGRST125', names: ['percent-encoded'] },
  ]
}

/** A bulk insert whose last row is refused: nothing of it may be written. */
export function bulkInsert(w: ProjectApiWorld): { good: number[]; case: BadCase } {
  const good = [w.nextId(), w.nextId()]
  const rows = [{ id: good[0], body: 'first' }, { id: good[1], body: 'second' }, { id: w.nextId(), body: 'x'.repeat(300) }]
  return { good, case: { label: 'a bulk insert whose last row breaks a check', method: 'POST', path: T, init: { body: rows }, status: 400, code: '23514', names: [WALK_TABLE] } }
}

/** The auth cases, GoTrue-shaped: validation, unsupported requests, unknown users. */
export function authCases(w: ProjectApiWorld): BadCase[] {
  const email = () => `${w.unique('bad-input')}@walk.example`
  const admin = (rest: string) => `/auth/v1/admin/${rest}`
  return [
    { label: 'sign-up without a password', method: 'POST', path: '/auth/v1/signup', init: { body: { email: email() } }, status: 400, code: 'validation_failed', names: ['password'] },
    { label: 'sign-up with an email of the wrong type', method: 'POST', path: '/auth/v1/signup', init: { body: { email: 42, password: WALK_PASSWORD } }, status: 400, code: 'validation_failed', names: ['email'] },
    { label: 'sign-up with an unknown field', method: 'POST', path: '/auth/v1/signup', init: { body: { email: email(), password: WALK_PASSWORD, walk_unknown: 1 } }, status: 400, names: ['walk_unknown'] },
    { label: 'sign-up by phone', method: 'POST', path: '/auth/v1/signup', init: { body: { phone: '+15550100', password: WALK_PASSWORD } }, status: 422, code: 'phone_provider_disabled', names: ['phone'] },
    { label: 'a token without grant_type', method: 'POST', path: '/auth/v1/token', init: { body: { email: w.user.email, password: WALK_PASSWORD } }, status: 400, names: ['grant_type'] },
    { label: 'an unknown grant_type', method: 'POST', path: '/auth/v1/token', init: { query: '?grant_type=bogus', body: {} }, status: 400, code: 'unsupported_grant_type', names: ['bogus'] },
    { label: 'a password grant without a password', method: 'POST', path: '/auth/v1/token', init: { query: '?grant_type=password', body: { email: w.user.email } }, status: 400, code: 'validation_failed', names: ['password'] },
    { label: 'a refresh grant without a token', method: 'POST', path: '/auth/v1/token', init: { query: '?grant_type=refresh_token', body: {} }, status: 400, code: 'validation_failed', names: ['refresh_token'] },
    { label: 'an unknown refresh token', method: 'POST', path: '/auth/v1/token', init: { query: '?grant_type=refresh_token', body: { refresh_token: 'not-a-token' } }, status: 400, names: ['refresh token'] },
    { label: 'user metadata that is not an object', method: 'PUT', path: '/auth/v1/user', caller: 'user', init: { body: { data: 'text' } }, status: 400, code: 'validation_failed', names: ['data'] },
    { label: 'a new email address for the user', method: 'PUT', path: '/auth/v1/user', caller: 'user', init: { body: { email: email() } }, status: 422, code: 'email_change_not_supported', names: ['email'] },
    { label: 'a logout scope that does not exist', method: 'POST', path: '/auth/v1/logout', caller: 'user', init: { query: '?scope=bogus' }, status: 400, names: ['scope'] },
    { label: 'recovery without an email', method: 'POST', path: '/auth/v1/recover', init: { body: {} }, status: 400, code: 'validation_failed', names: ['email'] },
    { label: 'a recovery link without a token', method: 'GET', path: '/auth/v1/verify', init: { query: '?type=recovery' }, status: 400, names: ['token'] },
    { label: 'a page that is not a number', method: 'GET', path: admin('users'), init: { query: '?page=abc' }, status: 400, names: ['page'] },
    { label: 'a page too large', method: 'GET', path: admin('users'), init: { query: '?per_page=5000' }, status: 400, names: ['per_page'] },
    { label: 'a user without an email', method: 'POST', path: admin('users'), init: { body: { password: WALK_PASSWORD } }, status: 400, code: 'validation_failed', names: ['email'] },
    { label: 'email_confirm of the wrong type', method: 'POST', path: admin('users'), init: { body: { email: email(), email_confirm: 'yes' } }, status: 400, names: ['email_confirm'] },
    { label: 'a role other than authenticated', method: 'POST', path: admin('users'), init: { body: { email: email(), role: 'service_role' } }, status: 422, code: 'validation_failed', names: ['role'] },
    { label: 'an address already registered', method: 'POST', path: admin('users'), init: { body: { email: w.user.email } }, status: 422, code: 'email_exists', names: ['already'] },
    { label: 'a user id that is not a uuid', method: 'GET', path: admin('users/not-a-uuid'), status: 400, names: ['id'] },
    { label: 'a user that does not exist', method: 'GET', path: admin(`users/${NO_USER}`), status: 404, code: 'user_not_found', names: ['user'] },
    { label: 'a ban of no known duration', method: 'PUT', path: admin(`users/${w.user.id}`), init: { body: { ban_duration: 'forever' } }, status: 400, code: 'validation_failed', names: ['ban_duration'] },
    { label: 'a change to a user that does not exist', method: 'PUT', path: admin(`users/${NO_USER}`), init: { body: { user_metadata: { a: 1 } } }, status: 404, code: 'user_not_found', names: ['user'] },
    { label: 'a soft deletion', method: 'DELETE', path: admin(`users/${w.user.id}`), init: { body: { should_soft_delete: true } }, status: 422, code: 'validation_failed', names: ['soft'] },
    { label: 'a deletion of a user id that is not a uuid', method: 'DELETE', path: admin('users/not-a-uuid'), status: 400, names: ['id'] },
    { label: 'a link of another type', method: 'POST', path: admin('generate_link'), init: { body: { type: 'magiclink', email: w.user.email } }, status: 422, code: 'validation_failed', names: ['magiclink'] },
    { label: 'a link without a type', method: 'POST', path: admin('generate_link'), init: { body: { email: w.user.email } }, status: 400, names: ['type'] },
    { label: 'a link for an unknown address', method: 'POST', path: admin('generate_link'), init: { body: { type: 'recovery', email: email() } }, status: 404, code: 'user_not_found', names: ['email'] },
    { label: 'an unknown auth path', method: 'GET', path: '/auth/v1/no_such_endpoint', status: 404, names: [] },
    { label: 'a user id that is not percent-encoded UTF-8', method: 'GET', path: admin('users/%E0%A4%A'), status: 400, names: [] },
  ]
}

/** The realtime cases over HTTP (the socket's own refusals are in realtime.test.ts): GoTrue-shaped. */
export function realtimeCases(): BadCase[] {
  const broadcast = (body: unknown, label: string, status: number, names: string[], code?: string): BadCase => ({
    label, method: 'POST', path: '/realtime/v1/api/broadcast', init: { body }, status, code, names,
  })
  return [
    broadcast({ messages: [] }, 'a broadcast without messages', 400, ['messages'], 'validation_failed'),
    broadcast({ messages: 'hello' }, 'messages that are not an array', 400, ['messages'], 'validation_failed'),
    broadcast({ messages: [{ event: 'e', payload: {} }] }, 'a message without a topic', 400, ['topic'], 'validation_failed'),
    broadcast({ messages: [{ topic: 't', event: 'e' }], walk_unknown: 1 }, 'an unknown field', 400, ['walk_unknown'], 'validation_failed'),
    { ...broadcast({ messages: [{ topic: 't', event: 'e', private: true }] }, 'a private channel no policy opens to anon', 403, ['private', 'realtime.messages'], 'unauthorized'), caller: 'anon' },
    { label: 'a serializer version not spoken', method: 'GET', path: '/realtime/v1/websocket', init: { query: '?vsn=9.9.9' }, status: 400, code: 'validation_failed', names: ['vsn'] },
    { label: 'the socket path by POST', method: 'POST', path: '/realtime/v1/websocket', init: { body: {} }, status: 405, code: 'method_not_allowed', names: ['GET'] },
    { label: 'broadcast by GET', method: 'GET', path: '/realtime/v1/api/broadcast', status: 405, code: 'method_not_allowed', names: ['POST'] },
    { label: 'an unknown realtime path', method: 'GET', path: '/realtime/v1/nothing', status: 404, code: 'not_found', names: ['websocket'] },
  ]
}

/** Broken bodies every body-taking line is fed (beside its own cases): status and the words its message must hold. */
export const BROKEN_BODIES: { label: string; rawBody: string; status: number; names: string[] }[] = [
  { label: 'malformed JSON', rawBody: '{"email": ', status: 400, names: ['json'] },
  { label: 'a string', rawBody: json('text'), status: 400, names: [] },
  { label: 'JSON null', rawBody: 'null', status: 400, names: [] },
  { label: 'a number', rawBody: '42', status: 400, names: [] },
  { label: 'an oversized body', rawBody: json({ walk: 'x'.repeat(1_100_000) }), status: 413, names: ['too large'] },
]
