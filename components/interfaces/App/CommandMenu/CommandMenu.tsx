import * as Dialog from '@radix-ui/react-dialog'
import { useQueryClient } from '@tanstack/react-query'
import { Command } from 'cmdk'
import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { useFeaturePreviewModal } from '@/hooks/use-feature-preview-modal'
import { useAuth } from '@/components/layouts/AuthProvider'
import { useProfile } from '@/components/layouts/ProfileProvider'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProjectsQuery } from '@/data/projects/projects-query'
import { signOut } from '@/hooks/sign-out'
import { isPlatform } from '@/lib/config'
import { useProjectRoutes } from '@/hooks/use-project-routes'
import { useCommandMenuStore } from '@/state/command-menu'
import { useTheme, type ThemeChoice } from '@/state/theme'
import styles from './CommandMenu.module.css'

/** True for the shortcut that opens the menu: meta + K, or ctrl + K where there is no meta key (spec §1). */
export function isCommandMenuShortcut(event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey'>): boolean {
  return event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey)
}

/** The command menu: jump anywhere, switch theme, open previews, sign out. */
export function CommandMenu() {
  const { open, setOpen, toggle } = useCommandMenuStore()
  const router = useRouter()
  const queryClient = useQueryClient()
  const { isLoggedIn } = useAuth()
  const { setTheme } = useTheme()
  const featurePreviews = useFeaturePreviewModal()
  const platform = isPlatform()
  const { profile } = useProfile()
  // spec §7: both wait for the profile.
  const { data: organizations } = useOrganizationsQuery({ enabled: open && isLoggedIn && Boolean(profile) })
  const { data: projects } = useProjectsQuery({ enabled: open && isLoggedIn && Boolean(profile) })

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isCommandMenuShortcut(event)) {
        event.preventDefault()
        toggle()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [toggle])

  const go = (href: string) => {
    setOpen(false)
    void router.push(href)
  }
  const currentRef = typeof router.query.ref === 'string' ? router.query.ref : platform ? undefined : 'default'
  // Item values start with the visible label: cmdk filters and ranks on the value (plus keywords), so
  // typing what is shown ("Demo Team", "Switch theme to dark") finds it and ranks it first.
  const areas = useProjectRoutes()

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} aria-describedby={undefined}>
          <Dialog.Title className="visually-hidden">Command menu</Dialog.Title>
          <Command label="Command menu" className={styles.command}>
            <Command.Input className={styles.input} placeholder="Type a command or search…" autoFocus />
            <Command.List className={styles.list}>
              <Command.Empty className={styles.empty}>No results found.</Command.Empty>
              {platform && (
                <Command.Group heading="Organizations" className={styles.group}>
                  <Command.Item className={styles.item} onSelect={() => go('/organizations')}>
                    All organizations
                  </Command.Item>
                  {organizations?.map((org) => (
                    <Command.Item key={org.slug} className={styles.item} value={`${org.name} (${org.slug})`} keywords={['organization', org.slug]} onSelect={() => go(`/org/${org.slug}`)}>
                      {org.name}
                    </Command.Item>
                  ))}
                  {organizations?.map((org) => (
                    <Command.Item key={`billing-${org.slug}`} className={styles.item} value={`Billing of ${org.name} (${org.slug})`} keywords={['billing']} onSelect={() => go(`/org/${org.slug}/billing`)}>
                      Billing of {org.name}
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              {projects && projects.length > 0 && (
                <Command.Group heading="Projects" className={styles.group}>
                  {projects.map((project) => (
                    <Command.Item key={project.ref} className={styles.item} value={`${project.name} (${project.ref})`} keywords={['project']} onSelect={() => go(`/project/${project.ref}`)}>
                      {project.name}
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              {currentRef && (
                <Command.Group heading="This project" className={styles.group}>
                  {areas.map((area) => (
                    <Command.Item key={area.key} className={styles.item} value={area.label} keywords={['area', area.section]} onSelect={() => go(area.href(currentRef))}>
                      {area.label}
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              <Command.Group heading="Preferences" className={styles.group}>
                <Command.Item
                  className={styles.item}
                  onSelect={() => {
                    setOpen(false)
                    featurePreviews.open()
                  }}
                >
                  Feature previews
                </Command.Item>
                {(['system', 'light', 'dark', 'classic-dark'] as ThemeChoice[]).map((theme) => (
                  <Command.Item key={theme} className={styles.item} value={`Switch theme to ${theme}`} keywords={['theme']} onSelect={() => { setTheme(theme); setOpen(false) }}>
                    Switch theme to {theme}
                  </Command.Item>
                ))}
                {platform && isLoggedIn && (
                  <Command.Item
                    className={styles.item}
                    onSelect={async () => {
                      setOpen(false)
                      await signOut(queryClient)
                      await router.push('/sign-in')
                    }}
                  >
                    Sign out
                  </Command.Item>
                )}
              </Command.Group>
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
