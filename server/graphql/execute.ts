import {
  execute,
  getOperationAST,
  GraphQLError,
  GraphQLObjectType,
  parse,
  validate,
  type DocumentNode,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql'
import type { GraphqlRequestBody, GraphqlResponse } from '@/lib/api-types/graphql'
import { operationDepths } from '@/lib/graphql/depth'
import { GRAPHQL_MAX_DEPTH } from '@/lib/graphql/limits'
import { GraphqlInputError } from '@/lib/graphql/sql'
import { runProjectQuery } from '../projects/run-query'
import { readCatalogue, readFingerprint } from './catalogue'
import { countSql, connectionSql, deleteSql, insertSql, newContext, updateSql, type CompileContext } from './compile'
import { buildModel } from './model'
import { buildGraphqlSchema, type FieldMeta } from './schema'

/** The request's context, given to the root resolvers. */
type RequestContext = { ref: string; canWrite: boolean; signal?: AbortSignal }

export const READ_ONLY_MUTATION_MESSAGE = 'Your role (Read-only) can run queries only: mutations need the Developer role or above'

/** Runs compiled SQL; a Postgres error becomes a GraphQL error carrying its code. */
async function runCompiled(request: RequestContext, sql: string, ctx: CompileContext, readOnly: boolean, column = 'result'): Promise<unknown> {
  sql = referenceEveryParameter(sql, ctx.params.values.length)
  // A cancelled HTTP request cancels its statement too, where the engine can.
  const outcome = await runProjectQuery(request.ref, { query: sql, parameters: ctx.params.values, readOnly, signal: request.signal })
  if (!outcome.ok) {
    const { message, code, detail, hint } = outcome.error
    throw new GraphQLError(message, { extensions: { code, ...(detail ? { detail } : {}), ...(hint ? { hint } : {}) } })
  }
  // The drivers parse json and jsonb values themselves.
  return outcome.result.rows[0]?.[column]
}

/**
 * Postgres must see every parameter it is given. A filter whose rows nothing selected (say only
 * `__typename`) leaves its parameters unused: the compiled statements end in a select without
 * FROM, so they can reference them there harmlessly.
 */
export function referenceEveryParameter(sql: string, count: number): string {
  const used = new Set([...sql.matchAll(/\$(\d+)\b/g)].map((m) => Number(m[1])))
  const unused = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !used.has(n))
  if (unused.length === 0) return sql
  return `${sql} from (select array[${unused.map((n) => `$${n}::text`).join(', ')}]) as "__gql_params"`
}

/** Turns our input errors into GraphQL errors; everything else passes unchanged. */
function asGraphqlError(error: unknown): never {
  if (error instanceof GraphqlInputError) throw new GraphQLError(error.message, { extensions: { code: 'BAD_USER_INPUT' } })
  throw error
}

const resolveQuery: GraphQLFieldResolver<unknown, RequestContext> = async (_source, args, context, info) => {
  const meta = info.parentType.getFields()[info.fieldName].extensions.sql as FieldMeta
  if (meta.kind !== 'collection') throw new GraphQLError(`${info.fieldName} is not a collection`)
  const ctx = newContext(info.fragments, info.variableValues)
  let sql: string
  try {
    sql = `select ${connectionSql(ctx, meta.table, info.returnType as GraphQLObjectType, info.fieldNodes, args)} as result`
  } catch (error) {
    asGraphqlError(error)
  }
  // Queries never write, whatever the role.
  return runCompiled(context, sql, ctx, true)
}

const resolveHeartbeat: GraphQLFieldResolver<unknown, RequestContext> = async (_source, _args, context, info) => {
  const ctx = newContext(info.fragments, info.variableValues)
  return runCompiled(context, `select to_jsonb(now()) as result`, ctx, true)
}

const resolveMutation: GraphQLFieldResolver<unknown, RequestContext> = async (_source, args, context, info) => {
  if (!context.canWrite) throw new GraphQLError(READ_ONLY_MUTATION_MESSAGE, { extensions: { code: 'FORBIDDEN' } })
  const meta = info.parentType.getFields()[info.fieldName].extensions.sql as FieldMeta
  const responseType = info.returnType as GraphQLObjectType
  const ctx = newContext(info.fragments, info.variableValues)
  try {
    if (meta.kind === 'insert') {
      return await runCompiled(context, insertSql(ctx, meta.table, responseType, info.fieldNodes, args.objects as Record<string, unknown>[]), ctx, false)
    }
    if (meta.kind === 'update' || meta.kind === 'delete') {
      const filter = (args.filter as Record<string, unknown> | null | undefined) ?? null
      const atMost = args.atMost as number
      if (atMost < 1) throw new GraphqlInputError(`atMost must be at least 1; got ${atMost}`)
      const counting = newContext(info.fragments, info.variableValues)
      const matched = (await runCompiled(context, countSql(counting, meta.table, filter), counting, true, 'n')) as number
      if (matched > atMost) {
        throw new GraphqlInputError(`${matched} records match the filter, more than atMost (${atMost}): nothing was changed`)
      }
      const sql =
        meta.kind === 'update'
          ? updateSql(ctx, meta.table, responseType, info.fieldNodes, args.set as Record<string, unknown>, filter, atMost)
          : deleteSql(ctx, meta.table, responseType, info.fieldNodes, filter, atMost)
      return await runCompiled(context, sql, ctx, false)
    }
  } catch (error) {
    asGraphqlError(error)
  }
  throw new GraphQLError(`${info.fieldName} is not a mutation`)
}

/** Below the root, a field's value is its response name's entry of the compiled JSON. */
const readCompiled: GraphQLFieldResolver<unknown, RequestContext> = (source, _args, _context, info) =>
  source && typeof source === 'object' ? (source as Record<string, unknown>)[info.path.key as string] : undefined

type CachedSchema = { fingerprint: string; schema: Promise<GraphQLSchema> }
const globalCache = globalThis as typeof globalThis & { __graphqlSchemas?: Map<string, CachedSchema> }
const schemas = (globalCache.__graphqlSchemas ??= new Map())

/**
 * The project's schema, rebuilt only when the fingerprint of its public schema changed (a new
 * table, column, key or comment). The fingerprint costs one small catalogue query per request.
 */
export async function projectSchema(ref: string, signal?: AbortSignal): Promise<GraphQLSchema> {
  const fingerprint = await readFingerprint(ref, signal)
  const cached = schemas.get(ref)
  if (cached && cached.fingerprint === fingerprint) return cached.schema
  const schema = readCatalogue(ref).then((catalogue) =>
    buildGraphqlSchema(buildModel(catalogue).tables, { query: resolveQuery, mutation: resolveMutation, heartbeat: resolveHeartbeat })
  )
  schemas.set(ref, { fingerprint, schema })
  schema.catch(() => schemas.get(ref)?.schema === schema && schemas.delete(ref))
  return schema
}

/** Forgets a project's schema (e.g. when the project is deleted). */
export function forgetProjectSchema(ref: string): void {
  schemas.delete(ref)
}

const errorResponse = (message: string, code?: string): GraphqlResponse => ({ errors: [{ message, ...(code ? { extensions: { code } } : {}) }] })

/**
 * Runs one GraphQL request on a project's database. Problems with the GraphQL itself (syntax,
 * validation, depth, a Read-only member's mutation) come back as `errors` (HTTP 200).
 */
export async function runGraphqlRequest(
  ref: string,
  request: GraphqlRequestBody,
  options: { canWrite: boolean; signal?: AbortSignal }
): Promise<GraphqlResponse> {
  let document: DocumentNode
  try {
    document = parse(request.query, { maxTokens: 20_000 })
  } catch (error) {
    if (error instanceof GraphQLError) return { errors: [error.toJSON()] }
    throw error
  }
  const schema = await projectSchema(ref, options.signal)
  const problems = validate(schema, document)
  if (problems.length > 0) return { errors: problems.map((p) => p.toJSON()) }
  const operation = getOperationAST(document, request.operationName ?? undefined)
  if (!operation) {
    return errorResponse(request.operationName ? `Unknown operation named "${request.operationName}"` : 'Give operationName: the document holds several operations', 'BAD_USER_INPUT')
  }
  const depth = operationDepths(document).get(operation.name?.value ?? null) ?? 0
  if (depth > GRAPHQL_MAX_DEPTH) {
    return errorResponse(`The operation nests ${depth} levels deep; at most ${GRAPHQL_MAX_DEPTH} are allowed`, 'DEPTH_LIMIT')
  }
  if (operation.operation === 'mutation' && !options.canWrite) return errorResponse(READ_ONLY_MUTATION_MESSAGE, 'FORBIDDEN')
  const result = await execute({
    schema,
    document,
    variableValues: request.variables ?? undefined,
    operationName: request.operationName ?? undefined,
    contextValue: { ref, canWrite: options.canWrite, signal: options.signal } satisfies RequestContext,
    fieldResolver: readCompiled,
  })
  return {
    ...(result.errors ? { errors: result.errors.map((e) => e.toJSON()) } : {}),
    ...(result.data !== undefined ? { data: result.data } : {}),
  }
}
