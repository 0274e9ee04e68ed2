/**
 * Database functions (spec §2 /database/functions): the catalogue read of a schema's functions,
 * the languages a member may write in, and the DDL that creates, replaces and drops a function.
 * The body is user code: it goes in a dollar-quoted string whose tag it does not contain. Pure.
 */
import { dollarQuote } from '@/lib/sql/dollar-quote'
import { inTransaction, isSingleExpression } from '@/lib/sql/ddl'
import { isValidTypeName, quoteIdent, quoteLiteral, quoteQualified } from '@/lib/sql/identifiers'
import { defaultOf, parseConfig, splitTopLevel, type ReturnColumn } from './function-text'
import { nameProblem } from './triggers'

export const ARGUMENT_MODES = ['IN', 'OUT', 'INOUT', 'VARIADIC'] as const
export type ArgumentMode = (typeof ARGUMENT_MODES)[number]
export const VOLATILITIES = ['VOLATILE', 'STABLE', 'IMMUTABLE'] as const
export type Volatility = (typeof VOLATILITIES)[number]
export const RETURN_KINDS = ['type', 'setof', 'table', 'void', 'trigger'] as const
export type ReturnKind = (typeof RETURN_KINDS)[number]

/**
 * The functions of schema $1 (not procedures, aggregates or window functions, and not the members
 * of an extension, which the extension owns), with what the form needs to edit one.
 */
export const FUNCTIONS_SQL = `select p.oid::int as id, n.nspname::text as schema, p.proname::text as name,
  pg_catalog.pg_get_function_arguments(p.oid) as arguments,
  pg_catalog.pg_get_function_identity_arguments(p.oid) as identity_arguments,
  pg_catalog.pg_get_function_result(p.oid) as return_type,
  l.lanname::text as language, p.prosecdef as security_definer, p.provolatile::text as volatility,
  p.prosrc as body, coalesce(p.proconfig, '{}') as config,
  coalesce(p.proargnames, '{}') as arg_names, coalesce(p.proargmodes::text[], '{}') as arg_modes,
  array(select pg_catalog.format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality a(t, i) order by a.i) as arg_types,
  p.proretset as returns_set, pg_catalog.format_type(p.prorettype, null) as result_type
from pg_catalog.pg_proc p
join pg_catalog.pg_namespace n on n.oid = p.pronamespace
join pg_catalog.pg_language l on l.oid = p.prolang
where n.nspname = $1 and p.prokind = 'f'
  and not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass and d.objid = p.oid and d.deptype = 'e')
order by p.proname, p.oid`

export type FunctionRow = {
  id: number
  schema: string
  name: string
  arguments: string
  identity_arguments: string
  return_type: string
  language: string
  security_definer: boolean
  /** v, s or i */
  volatility: string
  body: string
  /** `name=value` settings (SET clauses). */
  config: string[]
  arg_names: string[]
  /** i, o, b (inout), v (variadic), t (a RETURNS TABLE column); empty when all are IN. */
  arg_modes: string[]
  arg_types: string[]
  returns_set: boolean
  result_type: string
}

/** Languages a member may write a function in ($1: none): the trusted ones, which include sql and plpgsql. */
export const LANGUAGES_SQL = `select lanname::text as name from pg_catalog.pg_language where lanpltrusted order by lanname = 'plpgsql' desc, lanname = 'sql' desc, lanname`

/** What depends on function $1 (its oid): triggers using it, views, defaults, other objects; DROP refuses without CASCADE. */
export const FUNCTION_DEPENDENTS_SQL = `select distinct pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid) as object
from pg_catalog.pg_depend d
where d.refclassid = 'pg_catalog.pg_proc'::pg_catalog.regclass and d.refobjid = $1::int::oid and d.deptype in ('n', 'a')
order by 1`

export type FunctionArgument = { mode: ArgumentMode; name: string; type: string; defaultValue: string }

/** What the function form collects. */
export type FunctionSpec = {
  schema: string
  name: string
  args: FunctionArgument[]
  returns: { kind: ReturnKind; type: string; columns: ReturnColumn[] }
  language: string
  volatility: Volatility
  securityDefiner: boolean
  /** Schemas of a fixed `search_path` (an empty list: `''`); null leaves the caller's. */
  searchPath: string[] | null
  /** Other `name=value` settings the function had, kept as they were. */
  otherConfig: string[]
  body: string
}

/** A function the screen lists, with the spec the edit form starts from. */
export type DatabaseFunction = {
  id: number
  schema: string
  name: string
  arguments: string
  identityArguments: string
  returnType: string
  language: string
  securityDefiner: boolean
  volatility: Volatility
  spec: FunctionSpec
}

const MODE_OF: Record<string, ArgumentMode> = { i: 'IN', o: 'OUT', b: 'INOUT', v: 'VARIADIC' }
const VOLATILITY_OF: Record<string, Volatility> = { v: 'VOLATILE', s: 'STABLE', i: 'IMMUTABLE' }

export function toDatabaseFunction(row: FunctionRow): DatabaseFunction {
  const modes = row.arg_modes.length > 0 ? row.arg_modes : row.arg_types.map(() => 'i')
  const pieces = splitTopLevel(row.arguments)
  const args: FunctionArgument[] = []
  const columns: ReturnColumn[] = []
  row.arg_types.forEach((type, i) => {
    const name = row.arg_names[i] ?? ''
    if (modes[i] === 't') columns.push({ name, type })
    else args.push({ mode: MODE_OF[modes[i]] ?? 'IN', name, type, defaultValue: defaultOf(pieces[args.length] ?? '') })
  })
  const kind: ReturnKind =
    columns.length > 0 ? 'table' : row.result_type === 'void' ? 'void' : row.result_type === 'trigger' ? 'trigger' : row.returns_set ? 'setof' : 'type'
  // A function with OUT arguments returns `record` (or SETOF record): the arguments say its shape.
  const volatility = VOLATILITY_OF[row.volatility] ?? 'VOLATILE'
  return {
    id: row.id,
    schema: row.schema,
    name: row.name,
    arguments: row.arguments,
    identityArguments: row.identity_arguments,
    returnType: row.return_type,
    language: row.language,
    securityDefiner: row.security_definer,
    volatility,
    spec: {
      schema: row.schema,
      name: row.name,
      args,
      returns: { kind, type: kind === 'type' || kind === 'setof' ? row.result_type : '', columns },
      language: row.language,
      volatility,
      securityDefiner: row.security_definer,
      ...parseConfig(row.config),
      body: row.body,
    },
  }
}

export type FunctionSpecErrors = Partial<Record<'name' | 'schema' | 'args' | 'returns' | 'language' | 'searchPath' | 'body', string>>

/** What is wrong with a function, field by field (empty when it can be created). */
export function validateFunction(spec: FunctionSpec): FunctionSpecErrors {
  const errors: FunctionSpecErrors = {}
  const name = nameProblem(spec.name, 'function')
  if (name) errors.name = name
  if (!spec.schema) errors.schema = 'Choose a schema'
  let defaulted = false
  const seen = new Set<string>()
  for (const [i, arg] of spec.args.entries()) {
    const which = `Argument ${i + 1}${arg.name ? ` (${arg.name})` : ''}`
    const problem = arg.name !== '' ? nameProblem(arg.name, 'argument') : null
    const input = arg.mode !== 'OUT'
    if (problem) errors.args = `${which}: ${problem}`
    else if (arg.name !== '' && seen.has(arg.name)) errors.args = `${which}: another argument has this name`
    else if (!isValidTypeName(arg.type)) errors.args = `${which}: enter a type, e.g. integer, text or uuid[]`
    else if (arg.defaultValue.trim() !== '' && !input) errors.args = `${which}: an OUT argument has no default`
    else if (arg.defaultValue.trim() !== '' && !isSingleExpression(arg.defaultValue)) errors.args = `${which}: the default must be one SQL expression`
    else if (input && defaulted && arg.defaultValue.trim() === '') errors.args = `${which}: arguments after one with a default need a default too`
    else if (arg.mode === 'VARIADIC' && spec.args.slice(i + 1).some((a) => a.mode !== 'OUT')) errors.args = `${which}: a VARIADIC argument is the last input`
    if (errors.args) break
    if (arg.name !== '') seen.add(arg.name)
    if (input && arg.defaultValue.trim() !== '') defaulted = true
  }
  const { returns } = spec
  if ((returns.kind === 'type' || returns.kind === 'setof') && !isValidTypeName(returns.type)) errors.returns = 'Enter the type it returns, e.g. integer or text'
  if (returns.kind === 'table') {
    if (returns.columns.length === 0) errors.returns = 'Add at least one column of the table it returns'
    const bad = returns.columns.find((c) => nameProblem(c.name, 'column') !== null || !isValidTypeName(c.type))
    if (bad) errors.returns = `Column ${bad.name || '(unnamed)'}: give each column a name and a type`
  }
  if (returns.kind === 'trigger' && spec.args.length > 0) errors.args = 'A trigger function takes no declared arguments (it reads TG_ARGV)'
  if (!spec.language) errors.language = 'Choose a language'
  if (returns.kind === 'trigger' && spec.language === 'sql') errors.language = 'Trigger functions cannot be written in SQL; use plpgsql'
  if (spec.searchPath?.some((s) => s.trim() === '' || nameProblem(s, 'schema') !== null)) errors.searchPath = 'List schema names separated by commas, or leave it empty for none'
  if (spec.body.trim() === '') errors.body = 'Write the body of the function'
  return errors
}

function argumentSql(arg: FunctionArgument): string {
  const parts = [arg.mode, ...(arg.name ? [quoteIdent(arg.name)] : []), arg.type.trim()]
  if (arg.defaultValue.trim() !== '') parts.push(`DEFAULT ${arg.defaultValue.trim()}`)
  return parts.join(' ')
}

function returnsSql({ kind, type, columns }: FunctionSpec['returns']): string {
  if (kind === 'void' || kind === 'trigger') return kind
  if (kind === 'setof') return `SETOF ${type.trim()}`
  if (kind === 'table') return `TABLE(${columns.map((c) => `${quoteIdent(c.name)} ${c.type.trim()}`).join(', ')})`
  return type.trim()
}

/** `SET search_path = ''` or the quoted schemas; other settings as they were. */
function settingsSql(spec: FunctionSpec): string[] {
  const lines = spec.otherConfig.map((entry) => {
    const at = entry.indexOf('=')
    return `SET ${entry.slice(0, at).split('.').map(quoteIdent).join('.')} TO ${quoteLiteral(entry.slice(at + 1))}`
  })
  if (spec.searchPath) lines.unshift(`SET search_path = ${spec.searchPath.length === 0 ? "''" : spec.searchPath.map((s) => quoteIdent(s.trim())).join(', ')}`)
  return lines
}

/** The CREATE [OR REPLACE] FUNCTION statement (no transaction around it). */
export function createFunctionStatement(spec: FunctionSpec, { replace = false } = {}): string {
  return [
    `CREATE ${replace ? 'OR REPLACE ' : ''}FUNCTION ${quoteQualified(spec.schema, spec.name)}(${spec.args.map(argumentSql).join(', ')})`,
    ` RETURNS ${returnsSql(spec.returns)}`,
    ` LANGUAGE ${quoteIdent(spec.language)}`,
    ` ${spec.volatility}`,
    ` SECURITY ${spec.securityDefiner ? 'DEFINER' : 'INVOKER'}`,
    ...settingsSql(spec).map((line) => ` ${line}`),
    `AS ${dollarQuote(spec.body, 'function')}`,
  ].join('\n')
}

const inputTypes = (spec: FunctionSpec) => spec.args.filter((a) => a.mode !== 'OUT').map((a) => a.type.trim().toLowerCase())
const inputNames = (spec: FunctionSpec) => spec.args.filter((a) => a.mode !== 'OUT').map((a) => a.name)
const outputs = (spec: FunctionSpec) => JSON.stringify([returnsSql(spec.returns).toLowerCase(), spec.args.filter((a) => a.mode !== 'IN').map((a) => [a.mode, a.name, a.type.trim().toLowerCase()])])
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Whether CREATE OR REPLACE can turn `before` into `after`: same schema, name and input types
 * (the signature), and nothing Postgres refuses to replace (the result and OUT arguments, input
 * names, a default removed). Otherwise the edit is a DROP then a CREATE.
 */
export function canReplace(before: FunctionSpec, after: FunctionSpec): boolean {
  const defaultsKept = before.args.every((arg, i) => arg.defaultValue.trim() === '' || (after.args[i]?.defaultValue.trim() ?? '') !== '')
  return (
    before.schema === after.schema &&
    before.name === after.name &&
    same(inputTypes(before), inputTypes(after)) &&
    same(inputNames(before), inputNames(after)) &&
    outputs(before) === outputs(after) &&
    defaultsKept
  )
}

/** Throws the first problem of an invalid spec. */
function assertValid(spec: FunctionSpec) {
  const first = Object.values(validateFunction(spec))[0]
  if (first) throw new Error(first)
}

/** The script that creates a function, in one transaction. */
export function createFunctionSql(spec: FunctionSpec): string {
  assertValid(spec)
  return inTransaction([createFunctionStatement(spec)])
}

type FunctionRef = Pick<DatabaseFunction, 'schema' | 'name' | 'identityArguments'>

/** `"schema"."name"(identity arguments)`: the arguments as Postgres printed them (names quoted where needed). */
const signature = (fn: FunctionRef) => `${quoteQualified(fn.schema, fn.name)}(${fn.identityArguments})`

/** The script that edits `fn` into `spec`: CREATE OR REPLACE when it can, else DROP and CREATE, in one transaction. */
export function updateFunctionSql(fn: FunctionRef & { spec: FunctionSpec }, spec: FunctionSpec): string {
  assertValid(spec)
  if (canReplace(fn.spec, spec)) return inTransaction([createFunctionStatement(spec, { replace: true })])
  return inTransaction([`DROP FUNCTION ${signature(fn)}`, createFunctionStatement(spec)])
}

/** DROP FUNCTION, with CASCADE when its dependents go too. */
export function dropFunctionSql(fn: FunctionRef, { cascade = false } = {}): string {
  return inTransaction([`DROP FUNCTION ${signature(fn)}${cascade ? ' CASCADE' : ''}`])
}

/** A new function's starting point: plpgsql, returning void, invoker, volatile. */
export function blankFunctionSpec(schema: string): FunctionSpec {
  return {
    schema,
    name: '',
    args: [],
    returns: { kind: 'void', type: '', columns: [] },
    language: 'plpgsql',
    volatility: 'VOLATILE',
    securityDefiner: false,
    searchPath: null,
    otherConfig: [],
    body: '\nbegin\n\nend;\n',
  }
}
