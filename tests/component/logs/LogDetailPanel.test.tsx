import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { LogDetailPanel } from '@/components/interfaces/Logs/LogDetailPanel'
import { askAssistant } from '@/state/ai-assistant-requests'
import { ERROR_LINE, GATEWAY_LINE, REF } from './logs-fixtures'

vi.mock('@/state/ai-assistant-requests', () => ({ askAssistant: vi.fn() }))

beforeEach(() => vi.mocked(askAssistant).mockClear())

describe('LogDetailPanel: "Explain this log line"', () => {
  it('asks the assistant with the line’s time, source, severity, message and metadata', async () => {
    const error = ERROR_LINE()
    render(<LogDetailPanel projectRef={REF} line={error} onClose={() => {}} />)
    const panel = screen.getByRole('complementary', { name: 'Log line' })
    await userEvent.click(within(panel).getByRole('button', { name: 'Explain this log line' }))

    expect(askAssistant).toHaveBeenCalledExactlyOnceWith(REF, expect.any(String))
    const prompt = vi.mocked(askAssistant).mock.calls[0][1]
    expect(prompt).toMatch(/^Explain this log line of my project: what it means, whether something is wrong, and what I should do about it\./)
    const expected = [
      `Time: ${error.timestamp}`,
      'Source: Postgres (postgres_logs)',
      'Level: Error',
      'Severity: ERROR',
      'Message: ERROR:  relation "missing_table" does not exist',
      '```json\n{\n  "level": "ERROR",\n  "sql_state_code": "42P01",',
      '"query": "select * from missing_table"',
    ]
    for (const part of expected) expect(prompt).toContain(part)
  })

  it('gives the status of a gateway request, and cuts a huge metadata', async () => {
    const gateway = GATEWAY_LINE()
    const { rerender } = render(<LogDetailPanel projectRef={REF} line={gateway} onClose={() => {}} />)
    await userEvent.click(screen.getByRole('button', { name: 'Explain this log line' }))
    const prompt = vi.mocked(askAssistant).mock.calls[0][1]
    expect(prompt).toContain('Source: API Gateway (edge_logs)')
    expect(prompt).toContain('Level: Warning')
    expect(prompt).toContain('Status: 400')
    expect(prompt).not.toContain('Severity:')
    expect(prompt).toContain('Message: POST | 400 | 12 ms | anon | /rest/v1/todos')

    rerender(<LogDetailPanel projectRef={REF} line={{ ...gateway, metadata: { ...gateway.metadata, body: 'x'.repeat(20_000) } }} onClose={() => {}} />)
    await userEvent.click(screen.getByRole('button', { name: 'Explain this log line' }))
    const long = vi.mocked(askAssistant).mock.calls[1][1]
    expect(long.length).toBeLessThan(10_000)
    expect(long).toMatch(/… \(cut: \d+ more characters\)\n```$/)
  })
})
