/**
 * The consent categories of the privacy settings (spec §3 "Consent category"), from
 * `GET /platform/telemetry/consent-categories`. Hosted platform only (spec §1: no telemetry
 * when self-hosted).
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { get, type ResponseError } from '@/data/fetchers'
import { isPlatform } from '@/lib/config'
import type { ConsentCategory } from '@/lib/api-types/consent'
import { consentKeys } from './keys'

export type { ConsentCategory, ConsentService, ConsentStatus } from '@/lib/api-types/consent'

export type ConsentCategoriesData = ConsentCategory[]
export type ConsentCategoriesError = ResponseError

/** The categories rarely change; one load per half hour of a session is plenty. */
export const CONSENT_CATEGORIES_STALE_TIME_MS = 1_800_000

/** Loads the categories. */
export function getConsentCategories(signal?: AbortSignal): Promise<ConsentCategoriesData> {
  return get<ConsentCategoriesData>('/platform/telemetry/consent-categories', { signal })
}

export function consentCategoriesQueryOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return queryOptions<ConsentCategoriesData, ConsentCategoriesError>({
    queryKey: consentKeys.categories(),
    queryFn: ({ signal }) => getConsentCategories(signal),
    staleTime: CONSENT_CATEGORIES_STALE_TIME_MS,
    enabled: enabled && isPlatform(),
  })
}

/** The categories; idle when self-hosted or when `enabled` is false. */
export function useConsentCategoriesQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(consentCategoriesQueryOptions({ enabled }))
}
