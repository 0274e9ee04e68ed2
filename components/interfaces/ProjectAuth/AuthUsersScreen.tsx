import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { EmptyState } from '@/components/ui/EmptyState'
import { QueryErrorState } from '@/components/ui/ErrorState'
import { PageHeader, pageScreenClass } from '@/components/ui/PageHeader'
import { SearchToolbar } from '@/components/ui/SearchToolbar'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { projectUsersQueryOptions } from '@/data/project-auth/users-query'
import { useProjectAccess } from '@/hooks/use-project-access'
import { CreateUserModal } from './CreateUserModal'
import { manageUsersBlockedReason, USER_SEARCH_DEBOUNCE_MS, USERS_PER_PAGE } from './project-auth.utils'
import { useDebouncedValue } from '@/hooks/use-debounced-value'
import { UserPanel } from './UserPanel'
import { UsersPager } from './UsersPager'
import { UsersTable } from './UsersTable'

/** `/project/{ref}/auth/users`: the project's own users (those who sign in to the member's app). */
export function AuthUsersScreen({ projectRef }: { projectRef: string }) {
  const { role, atLeast } = useProjectAccess(projectRef)
  const canManage = atLeast('Developer')
  const blockedReason = manageUsersBlockedReason(role, canManage)
  const [search, setSearch] = useState('')
  const keywords = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS)
  // The page belongs to the search it was chosen in: any new keywords start again at page 1
  // (state adjusted while rendering, so no request goes out for the old page with the new keywords).
  const [paging, setPaging] = useState({ keywords: '', page: 1 })
  if (paging.keywords !== keywords) setPaging({ keywords, page: 1 })
  const page = paging.keywords === keywords ? paging.page : 1
  const users = useQuery({
    ...projectUsersQueryOptions({ projectRef, page, per_page: USERS_PER_PAGE, keywords }),
    placeholderData: keepPreviousData,
  })
  const [creating, setCreating] = useState(false)
  const [openUserId, setOpenUserId] = useState<string | null>(null)

  const addButton = canManage && (
    <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
      Add user
    </button>
  )
  const hasUsers = users.isSuccess && (users.data.total > 0 || keywords !== '')

  let content
  if (users.isError && !users.data) {
    content = <QueryErrorState title="Failed to load users" query={users} />
  } else if (users.isPending) {
    content = <SkeletonLines lines={4} label="Loading users" />
  } else if (!hasUsers) {
    content = (
      <EmptyState
        title="No users yet"
        description={canManage ? 'Users appear here when they sign up to your app, or when you add them.' : 'Users appear here when they sign up to your app.'}
        action={addButton}
      />
    )
  } else {
    const { users: rows, total } = users.data
    content = (
      <>
        <SearchToolbar
          label="Search users"
          placeholder="Search by email or user ID"
          value={search}
          onChange={setSearch}
          count={`${total} user${total === 1 ? '' : 's'}${keywords ? ' match' : ''}`}
        />
        {users.isError && <QueryErrorState title="Failed to load users" query={users} />}
        {rows.length === 0 && page === 1 ? (
          <EmptyState
            title={`No user matches "${keywords}"`}
            action={
              <button type="button" className="btn btn-sm" onClick={() => setSearch('')}>
                Clear search
              </button>
            }
          />
        ) : (
          <>
            <UsersTable users={rows} busy={users.isPlaceholderData} onOpen={(user) => setOpenUserId(user.id)} />
            <UsersPager page={page} perPage={USERS_PER_PAGE} total={total} busy={users.isPlaceholderData} onPage={(next) => setPaging({ keywords, page: next })} />
          </>
        )}
      </>
    )
  }

  return (
    <div className={pageScreenClass}>
      <PageHeader
        title="Users"
        subtitle="The people who sign in to your app through the project's auth: add them, send them a recovery link, ban or delete them."
        actions={hasUsers && addButton}
      />
      {blockedReason && <Admonition title="You can only view users">{blockedReason}</Admonition>}
      {content}
      <CreateUserModal projectRef={projectRef} open={creating} onOpenChange={setCreating} />
      {openUserId && <UserPanel projectRef={projectRef} userId={openUserId} canManage={canManage} blockedReason={blockedReason} onClose={() => setOpenUserId(null)} />}
    </div>
  )
}
