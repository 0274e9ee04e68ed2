export default function DefaultProjectPage() {
  return (
    <main className="page">
      <h1>Default Project</h1>
    </main>
  )
}
