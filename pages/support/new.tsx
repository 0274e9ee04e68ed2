import { SupportTicketPage } from '@/components/interfaces/Support/SupportTicketPage'

export default function NewSupportTicketPage() {
  return <SupportTicketPage />
}
