/** The project REST API's grammar (PostgREST): parsing a request and turning it into SQL pieces. Pure. */
export { RestError, parseError, type RestErrorBody, type RestErrorDetails } from './errors'
export type { Field, JsonStep } from './scanner'
export {
  AGGREGATE_FUNCTIONS, aggregatesNotAllowed, hasAggregate, parseSelect,
  type AggregateFunction, type SelectColumn, type SelectEmbed, type SelectItem, type SelectOptions,
} from './parse-select'
export {
  FILTER_OPERATORS, IS_VALUES, filtersAt, parseFilter, parseList, parseLogicTree,
  type Filter, type FilterCondition, type FilterLogic, type FilterNode, type FilterOperator, type IsValue,
} from './parse-filters'
export {
  RESERVED_PARAMS, intersectRanges, limitRows, parseAccept, parseCount, parseNameList, parseOrder, parsePrefer, parseQuery,
  parseRangeHeader, type EmbeddedTransform, type OrderTerm, type Preferences, type ResponseShape, type RestHeaders,
  type RestQuery, type RowRange,
} from './parse-params'
export { explainOptions, parsePlanAccept, planContentType, PLAN_OPTIONS, type PlanOption, type PlanRequest } from './parse-plan'
export { arrayLiteral, fieldToSql, filtersToSql, orderToSql, rangeToSql, type SqlContext, type SqlFragment } from './to-sql'
export { contentRange, readStatus } from './content-range'
export {
  DEFAULT_EXPOSED_SCHEMAS, DEFAULT_MAX_ROWS, MAX_ROWS_MAX, MAX_ROWS_MIN, joinSchemaList, maxRowsProblem, profileSchema,
  schemaListProblem, splitSchemaList,
} from './exposed-schemas'
