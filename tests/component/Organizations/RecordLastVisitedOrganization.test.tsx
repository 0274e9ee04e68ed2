import { renderHook } from '@testing-library/react'
import { lastVisitedStore, useRecordLastVisitedOrganization } from '@/state/last-visited'

// OrganizationLayout calls this with the slug of an organization found in the user's list.
describe('useRecordLastVisitedOrganization', () => {
  beforeEach(() => lastVisitedStore.getState().reload())

  it('records the organization as the last visited one and ends the landing redirect', () => {
    renderHook(() => useRecordLastVisitedOrganization('acme'))
    expect(lastVisitedStore.getState().organization).toBe('acme')
    expect(window.localStorage.getItem('dashboard-last-visited-organization')).toBe('acme')
    expect(lastVisitedStore.getState().landingDone).toBe(true)
  })

  it('records nothing while the organization is not known', () => {
    renderHook(() => useRecordLastVisitedOrganization(undefined))
    expect(lastVisitedStore.getState().organization).toBeNull()
  })
})
