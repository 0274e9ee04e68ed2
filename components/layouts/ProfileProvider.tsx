import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react'
import { toast } from 'sonner'
import { useAuth } from '@/components/layouts/AuthProvider'
import { isResponseError } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import { profileKeys } from '@/data/profile/keys'
import { useProfileCreateMutation } from '@/data/profile/profile-create-mutation'
import { useProfileQuery, type Profile } from '@/data/profile/profile-query'
import { sendTelemetryEvent } from '@/hooks/telemetry'
import { signOut } from '@/hooks/sign-out'
import { isPlatform } from '@/lib/config'

/** spec §8: the server's answer when the signed-in user has no profile yet. */
export const PROFILE_NOT_FOUND_MESSAGE = "User's profile not found"
/** spec §8 */
export const PROFILE_CREATE_FAILED_TOAST = 'Failed to create your profile. Please refresh to try again.'
/** spec §8: the dev-only toast when creation was called although the profile exists. */
export const PROFILE_EXISTS_DEV_TOAST = 'Profile creation was called although the profile already exists'

type ProfileState = { profile: Profile | undefined; isLoading: boolean; error: Error | null }

const ProfileContext = createContext<ProfileState | null>(null)

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

export type ProfileProviderProps = {
  children: ReactNode
  /**
   * Shows the developer toast of spec §8 when creation answers 409. Off by default: lib/config
   * is the only environment reader and has no development flag, so production builds never show it.
   */
  showDevelopmentToasts?: boolean
}

function isProfileNotFound(error: unknown): boolean {
  return error instanceof Error && error.message === PROFILE_NOT_FOUND_MESSAGE
}

/**
 * Loads the signed-in user's profile and creates it when the server does not know it yet
 * (spec §4 Profile, §8). Mounted inside the signed-in layout; read it with `useProfile()`.
 */
export function ProfileProvider({ children, showDevelopmentToasts = false }: ProfileProviderProps) {
  const { session, isLoggedIn, isLoading: authLoading } = useAuth()
  const queryClient = useQueryClient()
  const router = useRouter()
  const query = useProfileQuery({ enabled: isLoggedIn && !authLoading })
  const creationStarted = useRef(false)
  const signingOut = useRef(false)

  const create = useProfileCreateMutation({
    async onSuccess(created) {
      // spec §4: then the profile, organization and permission caches are refreshed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.profile() }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.list() }),
        queryClient.invalidateQueries({ queryKey: profileKeys.permissions() }),
      ])
      const email = created?.primary_email ?? session?.user.email
      // spec §4: a sign_up conversion event, and sign_up with the e-mail in the page data layer.
      void sendTelemetryEvent({ action: 'sign_up', properties: { category: 'conversion' } })
      window.dataLayer = window.dataLayer ?? []
      window.dataLayer.push({ event: 'sign_up', email })
    },
    async onError(error) {
      if (isResponseError(error) && error.code === 409) {
        // spec §8: the profile exists after all (e.g. created in another tab): load it.
        console.log('profile exists')
        if (showDevelopmentToasts) toast(PROFILE_EXISTS_DEV_TOAST)
        await queryClient.invalidateQueries({ queryKey: profileKeys.profile() })
        return
      }
      toast.error(PROFILE_CREATE_FAILED_TOAST)
    },
  })

  const { error } = query
  const { mutate } = create
  useEffect(() => {
    if (!error) return
    if (isProfileNotFound(error)) {
      // Once per mount: a second "not found" after a failed creation must not loop.
      if (creationStarted.current) return
      creationStarted.current = true
      mutate()
      return
    }
    // spec §8: a 401 on the profile signs the user out and leads to /sign-in (platform only:
    // self-hosted has no sign-in page to go to).
    if (isResponseError(error) && error.code === 401 && isPlatform() && !signingOut.current) {
      signingOut.current = true
      void signOut(queryClient).finally(() => router.replace('/sign-in'))
    }
  }, [error, mutate, queryClient, router])

  const profileMissing = isProfileNotFound(error)
  const value = useMemo<ProfileState>(() => {
    const creating = create.isPending || (profileMissing && !create.isError && !create.isSuccess)
    const refetching = profileMissing && query.isFetching
    let shownError: Error | null = query.error
    if (profileMissing) {
      // While the profile is being created, "not found" is not an error worth showing; a failed
      // creation is (a 409 is not: then the refetched profile, or its error, tells).
      if (create.isError && !isConflict(create.error)) shownError = create.error
      else if (creating || refetching) shownError = null
    }
    return {
      profile: query.data,
      isLoading: authLoading || query.isLoading || creating || refetching,
      error: shownError,
    }
  }, [authLoading, query.data, query.isLoading, query.isFetching, query.error, profileMissing, create.isPending, create.isError, create.isSuccess, create.error])

  return <ProfileContext.Provider value={value}>{children}</ProfileContext.Provider>
}

function isConflict(error: unknown): boolean {
  return isResponseError(error) && error.code === 409
}

/**
 * The signed-in user's profile, whether it is loading, and the error that stopped it. Outside a
 * ProfileProvider it reads the profile query directly (without creating a missing profile).
 */
export function useProfile(): ProfileState {
  const context = useContext(ProfileContext)
  const { isLoggedIn, isLoading: authLoading } = useAuth()
  const query = useProfileQuery({ enabled: context === null && isLoggedIn && !authLoading })
  if (context) return context
  return { profile: query.data, isLoading: authLoading || query.isLoading, error: query.error }
}
