export default function OrganizationsPage() {
  return (
    <main className="page">
      <h1>Organizations</h1>
    </main>
  )
}
