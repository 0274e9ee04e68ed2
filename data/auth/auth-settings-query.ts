import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { getConfig } from '@/lib/config'
import type { AuthSettings } from '@/lib/api-types/auth'
import { authKeys } from './keys'

/** The sign-in methods the auth service (GOTRUE_URL: embedded or a real GoTrue) offers. */
export async function getAuthSettings(signal?: AbortSignal): Promise<Pick<AuthSettings, 'external'>> {
  const settings = await get<Partial<AuthSettings>>(`${getConfig().gotrueUrl}/settings`, { signal })
  return { external: settings.external ?? {} }
}

export function authSettingsQueryOptions() {
  return queryOptions({
    queryKey: authKeys.settings(),
    queryFn: ({ signal }) => getAuthSettings(signal),
    staleTime: 30 * 60 * 1000,
    // Only decides whether extra sign-in buttons show: a failure leaves the password form alone.
    retry: false,
  })
}

export function useAuthSettingsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...authSettingsQueryOptions(), enabled })
}
