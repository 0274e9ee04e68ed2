import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useEffect, useRef } from 'react'
import { Spinner } from '@/components/ui/Spinner'
import { signOut } from '@/hooks/sign-out'

/** /logout (spec §2): signs out (spec §4) and goes to /sign-in. */
export function SignOutScreen() {
  const router = useRouter()
  const queryClient = useQueryClient()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    void signOut(queryClient).finally(() => router.replace('/sign-in'))
  }, [queryClient, router])

  return (
    <main className="page" id="main" style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
      <Spinner label="Signing out" />
      <span>Signing out…</span>
    </main>
  )
}
