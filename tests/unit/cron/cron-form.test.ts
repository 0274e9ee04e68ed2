import { describe, expect, it } from 'vitest'
import { formatDuration } from '@/components/interfaces/Cron/Cron.utils'
import { validateCronForm } from '@/components/interfaces/Cron/cron-form'

describe('cron job form rules', () => {
  const valid = { name: 'cleanup', schedule: '*/5 * * * *', command: 'select 1', active: true }

  it('accepts a complete job', () => {
    expect(validateCronForm(valid)).toEqual({})
    expect(validateCronForm({ ...valid, schedule: '59 seconds' })).toEqual({})
  })

  it('names every field at fault', () => {
    expect(validateCronForm({ name: '  ', schedule: '* * *', command: '\n', active: true })).toEqual({
      name: 'Enter a name',
      schedule: expect.stringMatching(/5 fields/),
      command: 'Enter the SQL to run',
    })
    expect(validateCronForm({ ...valid, name: 'x'.repeat(65) }).name).toMatch(/at most 64/)
    expect(validateCronForm({ ...valid, command: 'x'.repeat(65_537) }).command).toMatch(/64 KiB/)
  })

  it('formats run durations', () => {
    expect(formatDuration(null)).toBe('—')
    expect(formatDuration(850)).toBe('850 ms')
    expect(formatDuration(12_340)).toBe('12.3 s')
    expect(formatDuration(125_000)).toBe('2 min 5 s')
  })
})
