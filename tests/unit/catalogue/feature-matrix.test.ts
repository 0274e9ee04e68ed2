import { FEATURE_MATRIX, featureMatrixBySection, findFeatureMatrixRow } from '@/lib/catalogue/feature-matrix'
import { PLAN_IDS } from '@/lib/catalogue/plans'

const values = (key: string) => findFeatureMatrixRow(key)!.values

describe('feature matrix (spec §9)', () => {
  it('has unique keys and a value for every plan', () => {
    const keys = FEATURE_MATRIX.map((row) => row.key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const row of FEATURE_MATRIX) expect(Object.keys(row.values).sort()).toEqual([...PLAN_IDS].sort())
  })

  it('has backups none / 7 days / 14 days and PITR and branching prices', () => {
    expect(values('backups')).toMatchObject({ free: false, pro: '7 days', team: '14 days' })
    expect(values('pitr').pro).toContain('$100 per month per 7 days')
    expect(values('branching').team).toContain('$0.01344 per branch-hour')
  })

  it('has the auth rows', () => {
    expect(values('third_party_mau')).toEqual(values('mau'))
    expect(values('sso_saml').pro).toBe('50 included, then $0.015 per MAU')
    expect(values('advanced_phone_mfa').pro).toMatch(/\$75 per month.*first project.*\$10/)
    expect(values('auth_audit_trail')).toMatchObject({ free: '1 hour', pro: '7 days', team: '28 days' })
  })

  it('has the storage, functions and realtime rows', () => {
    expect(values('max_upload_size')).toMatchObject({ free: '50 MB', pro: '500 GB' })
    expect(values('image_transformations').pro).toContain('100 origin images, then $5 per 1,000')
    expect(values('function_invocations')).toMatchObject({ free: '500,000', pro: '2 million, then $2 per million' })
    expect(values('realtime_peak_connections')).toMatchObject({ free: '200', pro: '500, then $10 per 1,000' })
    expect(values('realtime_messages')).toMatchObject({ free: '2 million', pro: '5 million, then $2.50 per million' })
    expect(values('realtime_max_message_size')).toMatchObject({ free: '250 KB', pro: '3 MB' })
  })

  it('has the platform rows', () => {
    expect(values('log_retention')).toEqual({ free: '1 day', pro: '7 days', team: '28 days', enterprise: '90 days' })
    expect(values('log_drains').team).toBe('$60 per drain per month, plus $0.20 per million events and $0.09 per GB')
    expect(values('custom_domain').pro).toBe('$10 per month')
  })

  it('groups rows by section in order', () => {
    const groups = featureMatrixBySection()
    expect(groups[0]!.section).toBe('Database')
    expect(groups.flatMap((group) => group.rows)).toHaveLength(FEATURE_MATRIX.length)
    expect(new Set(groups.map((group) => group.section)).size).toBe(groups.length)
  })
})
