import { Badge, type BadgeVariant } from '@/components/ui/Badge'
import type { ProjectStatus } from '@/data/projects/projects-query'

type StatusDisplay = { label: string; variant: BadgeVariant; description: string }

/** How each project status of spec §4 is shown: a short label, a colour and a sentence for tooltips. */
export const PROJECT_STATUS_DISPLAY: Record<ProjectStatus, StatusDisplay> = {
  ACTIVE_HEALTHY: { label: 'Healthy', variant: 'brand', description: 'The project is up and serving requests.' },
  ACTIVE_UNHEALTHY: { label: 'Unhealthy', variant: 'danger', description: 'The project is up but some services are failing.' },
  COMING_UP: { label: 'Setting up', variant: 'warning', description: 'The project database is being provisioned.' },
  UNKNOWN: { label: 'Checking status', variant: 'warning', description: 'The status of the project is being checked.' },
  INACTIVE: { label: 'Paused', variant: 'default', description: 'The project is paused and serves no requests.' },
  GOING_DOWN: { label: 'Shutting down', variant: 'warning', description: 'The project is shutting down.' },
  INIT_FAILED: { label: 'Setup failed', variant: 'danger', description: 'The project database could not be provisioned.' },
  REMOVED: { label: 'Removed', variant: 'default', description: 'The project was deleted.' },
  RESTARTING: { label: 'Restarting', variant: 'warning', description: 'The project is restarting.' },
  RESTORING: { label: 'Restoring', variant: 'warning', description: 'The project is being restored.' },
  RESTORE_FAILED: { label: 'Restore failed', variant: 'danger', description: 'The project could not be restored.' },
  UPGRADING: { label: 'Upgrading', variant: 'warning', description: 'The project is being upgraded.' },
  PAUSING: { label: 'Pausing', variant: 'warning', description: 'The project is being paused.' },
  PAUSE_FAILED: { label: 'Pause failed', variant: 'danger', description: 'The project could not be paused.' },
  RESIZING: { label: 'Resizing', variant: 'warning', description: 'The project compute is being resized.' },
}

/** The display of a status; an unknown value (a newer platform) is shown as it is. */
export function projectStatusDisplay(status: string): StatusDisplay {
  return PROJECT_STATUS_DISPLAY[status as ProjectStatus] ?? { label: status, variant: 'default', description: status }
}

/** A coloured pill with the project status; the raw status is in its title for support. */
export function ProjectStatusBadge({ status }: { status: string }) {
  const display = projectStatusDisplay(status)
  return (
    <span title={`${display.description} (${status})`} data-status={status}>
      <Badge variant={display.variant}>{display.label}</Badge>
    </span>
  )
}
