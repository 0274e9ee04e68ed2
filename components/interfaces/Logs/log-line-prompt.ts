/** The question "Explain this log line" puts to the assistant (issue 11): the line, in words and JSON. */
import type { ProjectLogLine } from '@/lib/api-types/logs'
import { logSourceLabel } from '@/lib/catalogue/log-sources'
import { LOG_LEVEL_LABELS } from '@/lib/logs/log-lines'

/** Characters of the message and of the metadata JSON sent at most (a message holds 16,000). */
const MESSAGE_MAX_CHARS = 4_000
const METADATA_MAX_CHARS = 8_000

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max)}\n… (cut: ${text.length - max} more characters)`)

/** Timestamp, source, level with the source's own severity or status, message and metadata of a log line. */
export function explainLogLinePrompt(line: ProjectLogLine): string {
  const { metadata } = line
  const fields = [`Time: ${line.timestamp}`, `Source: ${logSourceLabel(line.source)} (${line.source})`, `Level: ${LOG_LEVEL_LABELS[line.level]}`]
  if (typeof metadata.level === 'string' && metadata.level) fields.push(`Severity: ${metadata.level}`)
  if (typeof metadata.status_code === 'number') fields.push(`Status: ${metadata.status_code}`)
  fields.push(`Message: ${cut(line.event_message, MESSAGE_MAX_CHARS)}`)
  return [
    'Explain this log line of my project: what it means, whether something is wrong, and what I should do about it.',
    '',
    ...fields,
    '',
    'Metadata:',
    '```json',
    cut(JSON.stringify(metadata, null, 2), METADATA_MAX_CHARS),
    '```',
  ].join('\n')
}
