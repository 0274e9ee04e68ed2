/** Limits of the advisor rules; their wire shapes are in lib/api-types/advisors.ts. */
export const ADVISOR_RULE_REASON_MAX_LENGTH = 500
